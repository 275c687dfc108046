import { readFile } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import { MAX_FONT_IMAGE_BYTES } from "#shared/schemas/analyze-font-request.ts";
import { fontAnalysisSchema } from "#shared/schemas/font-analysis.ts";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const analyze = (target: FastifyInstance, body: unknown, lang?: string) =>
  target.inject({
    method: "POST",
    url: "/api/analyze-font",
    headers: { "content-type": "application/json", ...(lang ? { "accept-language": lang } : {}) },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid PNG a few hundred bytes long whose header claims `width` x `height` pixels. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale
  const row = Buffer.alloc(1 + Math.min(width, 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(row)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** PNG magic bytes followed by `size` bytes of filler: the size check must not need to decode it. */
function paddedPng(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

const repoLibrary = loadFontLibrary(
  new URL("../../../../../models/font-recognition/library.json", import.meta.url).pathname,
);

/** A freshly drawn line of text in one of the library's fonts, as PNG bytes. */
function renderLine(familyId: string, text: string, size = 56, background = "#ffffff", ink = "#111111"): Buffer {
  const family = repoLibrary.families.find((f) => f.id === familyId);
  if (!family) throw new Error(`no family ${familyId}`);
  const variant = family.variants.find((v) => v.weight === 400 && !v.italic) ?? family.variants[0]!;
  const alias = `int-test-${familyId}`;
  for (const file of variant.files) GlobalFonts.registerFromPath(root + file, alias);
  const probe = createCanvas(8, 8).getContext("2d");
  probe.font = `${size}px "${alias}"`;
  const width = Math.ceil(probe.measureText(text).width + size * 1.5);
  const height = Math.ceil(size * 2.4);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = ink;
  ctx.font = `${size}px "${alias}"`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.direction = family.script === "arabic" ? "rtl" : "ltr";
  ctx.fillText(text, width / 2, height / 2);
  return canvas.toBuffer("image/png");
}

/**
 * A sign in two lines of the library's fonts, one above the other, as PNG bytes, with the box each
 * line's ink covers (the canvas's own measure of its glyphs).
 */
function renderSign(lines: { familyId: string; text: string; size: number; y: number }[], width = 1200, height = 440) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f7f3ec";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#1d1a16";
  ctx.textAlign = "center";
  ctx.textBaseline = "alphabetic";
  const drawn = lines.map((l) => {
    const family = repoLibrary.families.find((f) => f.id === l.familyId)!;
    const variant = family.variants.find((v) => v.weight === 400 && !v.italic) ?? family.variants[0]!;
    const alias = `int-test-${l.familyId}`;
    for (const file of variant.files) GlobalFonts.registerFromPath(root + file, alias);
    ctx.font = `${l.size}px "${alias}"`;
    ctx.direction = family.script === "arabic" ? "rtl" : "ltr";
    ctx.fillText(l.text, width / 2, l.y);
    const m = ctx.measureText(l.text);
    return {
      script: family.script,
      box: {
        x: width / 2 - m.actualBoundingBoxLeft,
        y: l.y - m.actualBoundingBoxAscent,
        width: m.actualBoundingBoxLeft + m.actualBoundingBoxRight,
        height: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent,
      },
    };
  });
  return { png: canvas.toBuffer("image/png"), drawn };
}

type Rect = { x: number; y: number; width: number; height: number };
/** Intersection over union of two boxes. */
function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = Math.max(0, w) * Math.max(0, h);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

const root = new URL("../../../../../", import.meta.url).pathname;

function blankPng(width = 480, height = 240): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f4f1ea";
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer("image/png");
}

describe("POST /api/analyze-font: refusals", () => {
  // One app for the cheap refusals (fewer than the 20 a minute the route allows one address).
  let shared: FastifyInstance;
  beforeAll(async () => {
    shared = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await shared.close();
  });

  it("refuses an image over 10 MB decoded with 413, in English and in Arabic", async () => {
    const body = { image: dataUrl(paddedPng(MAX_FONT_IMAGE_BYTES + 1)) };
    const english = await analyze(shared, body);
    expect(english.statusCode).toBe(413);
    expect(english.json()).toEqual({ error: { code: "image_too_large", message: en.fontAnalysis.errors.tooLarge } });
    const arabic = await analyze(shared, body, "ar-SA,ar;q=0.9,en;q=0.5");
    expect(arabic.statusCode).toBe(413);
    expect(arabic.json().error.message).toBe(ar.fontAnalysis.errors.tooLarge);
  });

  it("accepts a body that carries exactly 10 MB as far as the size check", async () => {
    const response = await analyze(shared, { image: dataUrl(paddedPng(MAX_FONT_IMAGE_BYTES)) });
    // Not refused for its size: the filler is then found to be no readable image.
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("image_unreadable");
  });

  it("refuses a body beyond the route's limit with 413 before parsing it", async () => {
    const huge = JSON.stringify({ image: `data:image/png;base64,${"A".repeat(15 * 1024 * 1024)}` });
    const response = await analyze(shared, huge, "ar");
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: "image_too_large", message: ar.fontAnalysis.errors.tooLarge } });
  });

  it("refuses bytes that are not PNG, JPEG or WebP with 415, whatever the data URL claims", async () => {
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    for (const bytes of [gif, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), Buffer.from("%PDF-1.7")]) {
      const response = await analyze(shared, { image: dataUrl(bytes, "image/png") });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        error: { code: "unsupported_image_type", message: en.fontAnalysis.errors.unsupportedType },
      });
    }
  });

  it("refuses a decompression bomb from its header alone, quickly", async () => {
    const bomb = bombPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const response = await analyze(shared, { image: dataUrl(bomb) });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("image_dimensions_too_large");
    expect(response.json().error.message).toContain("100000");
  });

  it("refuses a damaged image with 422", async () => {
    const truncated = renderLine("roboto", "Heritage").subarray(0, 60);
    const response = await analyze(shared, { image: dataUrl(truncated) });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("image_unreadable");
  });

  it("answers 400 with the field's message for a missing or malformed image or box", async () => {
    const missing = await analyze(shared, {}, "ar");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.image).toBe(ar.fontAnalysis.image.required);
    const notDataUrl = await analyze(shared, { image: "https://example.com/a.png" });
    expect(notDataUrl.statusCode).toBe(400);
    expect(notDataUrl.json().error.fields.image).toBe(en.fontAnalysis.image.invalid);
    const badBox = await analyze(shared, { image: dataUrl(blankPng()), box: { x: 0, y: 0, w: -5, h: 10 } });
    expect(badBox.statusCode).toBe(400);
    expect(badBox.json().error.fields["box.w"]).toBe(en.fontAnalysis.box.invalid);
  });

  it("limits each address to 20 analyses a minute with 429", async () => {
    app = await createTestApp();
    const body = { image: dataUrl(Buffer.from("not an image")) };
    for (let i = 0; i < 20; i++) expect((await analyze(app, body)).statusCode).toBe(415);
    const limited = await analyze(app, body, "ar");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: "rate_limited", message: ar.fontAnalysis.errors.rateLimited } });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  }, 120_000);
});

describe("the recognizer plugin", () => {
  it("loads the model in the background after listen: the server is ready at once", async () => {
    app = await createTestApp();
    expect(app.fontRecognizer.state).toBe("idle");
    const started = performance.now();
    await app.listen({ host: "127.0.0.1", port: 0 });
    expect(app.fontRecognizer.state).toBe("loading");
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    await app.fontRecognizer.warmUp();
    expect(app.fontRecognizer.state).toBe("ready");
  }, 120_000);
});

describe("POST /api/analyze-font: the committed model", () => {
  let shared: FastifyInstance;
  beforeAll(async () => {
    shared = await createTestApp();
    await shared.fontRecognizer.warmUp();
  }, 120_000);
  afterAll(async () => {
    await shared.close();
  });

  it("names the family of freshly rendered lines and fills the spec's object", async () => {
    // Twelve lines across the styles: with 200+ families a line can fall to a close neighbour (Roboto
    // to Lato), so the test asks for a share, as the evaluation does, not for every line.
    const cases = [
      { id: "roboto", script: "latin", text: "Handmade walnut bowls from Riyadh" },
      { id: "playfair-display", script: "latin", text: "Heritage objects for everyday life" },
      { id: "merriweather", script: "latin", text: "Carved by hand in the old quarter" },
      { id: "montserrat", script: "latin", text: "Studio visits by appointment only" },
      { id: "jetbrains-mono", script: "latin", text: "Order number 2048 ships on Sunday" },
      { id: "dancing-script", script: "latin", text: "With love from our workshop" },
      { id: "amiri", script: "arabic", text: "صناعة يدوية مستلهمة من التراث" },
      { id: "cairo", script: "arabic", text: "استوديو تصميم في مدينة الرياض" },
      { id: "reem-kufi", script: "arabic", text: "قطع تراثية للحياة اليومية" },
      { id: "tajawal", script: "arabic", text: "اطلب عرضا خاصا لمشروعك" },
      { id: "aref-ruqaa", script: "arabic", text: "من قلب نجد إلى بيتك" },
      { id: "el-messiri", script: "arabic", text: "زوروا معرضنا في حي الطريف" },
    ];
    const wrong: string[] = [];
    for (const c of cases) {
      const response = await analyze(shared, { image: dataUrl(renderLine(c.id, c.text)) });
      expect(response.statusCode, response.body).toBe(200);
      const analysis = fontAnalysisSchema.parse(response.json());
      const family = repoLibrary.families.find((f) => f.id === c.id)!;
      if (analysis.fontFamily !== family.name) wrong.push(`${family.name} -> ${analysis.fontFamily}`);
      expect(analysis.confidence).toBeGreaterThan(0);
      expect(analysis.confidence).toBeLessThanOrEqual(1);
      expect(analysis.size).toBeGreaterThan(0);
      expect(analysis.similarFonts.length).toBeGreaterThan(0);
      // Text in one script gets one analysis; a model that reads scripts names the line's script.
      expect(analysis.otherScript).toBeUndefined();
      if (analysis.script !== undefined) expect(analysis.script).toBe(c.script);
    }
    expect(wrong.length, wrong.join("; ")).toBeLessThanOrEqual(3);
  });

  it("gives an Arabic style its cultural context", async () => {
    const response = await analyze(shared, { image: dataUrl(renderLine("amiri", "بسم الله الرحمن الرحيم", 64)) });
    expect(response.statusCode, response.body).toBe(200);
    const analysis = fontAnalysisSchema.parse(response.json());
    expect(analysis.fontFamilyAr).toMatch(/[\u0600-\u06ff]/);
    expect(analysis.culturalContext?.originAr).toMatch(/[\u0600-\u06ff]/);
  });

  it("analyses only the box when one is given, and refuses a box outside the image", async () => {
    const line = renderLine("roboto", "Handmade walnut bowls", 56);
    const inside = await analyze(shared, { image: dataUrl(line), box: { x: 10, y: 10, w: 600, h: 110 } });
    expect(inside.statusCode, inside.body).toBe(200);
    const outside = await analyze(shared, { image: dataUrl(line), box: { x: 5000, y: 5000, w: 100, h: 100 } }, "ar");
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toEqual({ error: { code: "invalid_box", message: ar.fontAnalysis.errors.invalidBox } });
  });

  it("answers 422 no_text_found for a product photo without text, in English and in Arabic", async () => {
    // media/nawat-side.jpg: a photograph of the Nawat bowl, kept out of the text gate's training.
    const photo = await readFile(new URL("../../../../../media/nawat-side.jpg", import.meta.url));
    const english = await analyze(shared, { image: dataUrl(photo, "image/jpeg") }, "en");
    expect(english.statusCode, english.body).toBe(422);
    expect(english.json()).toEqual({ error: { code: "no_text_found", message: en.fontAnalysis.errors.noText } });
    expect(en.fontAnalysis.errors.noText).toMatch(/^No text found/);
    const arabic = await analyze(shared, { image: dataUrl(photo, "image/jpeg") }, "ar");
    expect(arabic.statusCode).toBe(422);
    expect(arabic.json()).toEqual({ error: { code: "no_text_found", message: ar.fontAnalysis.errors.noText } });
    expect(ar.fontAnalysis.errors.noText).toMatch(/[\u0600-\u06ff]/);
    // The same request with a line of real text still gets a family.
    const text = await analyze(shared, { image: dataUrl(renderLine("lora", "A quiet courtyard in the old city", 64)) });
    expect(text.statusCode, text.body).toBe(200);
    const analysis = fontAnalysisSchema.parse(text.json());
    // (Whether it is also judged close enough to say "in our library" is the open-set decision's
    // call, measured by npm run font:eval: it flags some in-library lines as well.)
    expect(analysis.fontFamily).toBe("Lora");
  });

  it("answers 422 text_unreadable, in the caller's language, for text too blurry to read", async () => {
    const blurred = await sharp(renderLine("roboto", "Handmade walnut bowls", 40))
      .blur(14)
      .png()
      .toBuffer();
    const response = await analyze(shared, { image: dataUrl(blurred) }, "ar");
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      error: { code: "text_unreadable", message: ar.fontAnalysis.errors.textUnreadable },
    });
  });

  it("says so with 422 when the image holds no text", async () => {
    const response = await analyze(shared, { image: dataUrl(blankPng()) }, "ar");
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: { code: "no_text_found", message: ar.fontAnalysis.errors.noText } });
  });

  it("answers 503 with Retry-After when the recognizer's queue is full", async () => {
    app = await createTestApp({ FONT_WORKERS: "1", FONT_QUEUE_LIMIT: "0" });
    await app.fontRecognizer.warmUp();
    const body = { image: dataUrl(renderLine("lora", "A quiet courtyard in the old city", 64)) };
    const responses = await Promise.all(Array.from({ length: 6 }, () => analyze(app!, body)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses).toContain(200);
    const busy = responses.find((r) => r.statusCode === 503);
    expect(busy, `statuses ${statuses.join(",")}`).toBeDefined();
    expect(busy!.json()).toEqual({ error: { code: "recognizer_busy", message: en.fontAnalysis.errors.busy } });
    expect(Number(busy!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

describe("POST /api/analyze-font: each line on its own", () => {
  // Its own app: the committed model's tests above use up one address's 20 analyses a minute.
  let own: FastifyInstance;
  beforeAll(async () => {
    own = await createTestApp();
    await own.fontRecognizer.warmUp();
  }, 120_000);
  afterAll(async () => {
    await own.close();
  });

  it("answers each line of a bilingual sign with its box, its script and its font", async () => {
    const { png, drawn } = renderSign([
      { familyId: "amiri", text: "صناعة يدوية من الرياض", size: 84, y: 150 },
      { familyId: "roboto", text: "Handmade in Riyadh", size: 44, y: 330 },
    ]);
    const response = await analyze(own, { image: dataUrl(png) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const analysis = fontAnalysisSchema.parse(body);
    // The top level is the spec's object as before: the most prominent text's analysis, and the
    // other script's; `lines` is the only addition.
    const spec = ["fontFamily", "fontFamilyAr", "confidence", "weight", "style", "size"];
    const lists = ["characteristics", "characteristicsAr", "similarFonts"];
    const before = [...spec, ...lists, "familyScript", "inLibrary", "script", "culturalContext", "otherScript"];
    for (const k of [...spec, ...lists, "lines"]) expect(body).toHaveProperty(k);
    expect(Object.keys(body).filter((k) => !before.includes(k))).toEqual(["lines"]);
    expect(analysis.lines).toHaveLength(2);
    for (const d of drawn) {
      const line = analysis.lines.find((l) => overlap(l.box, d.box) > 0.5);
      expect(
        line,
        `a line over ${JSON.stringify(d.box)} in ${JSON.stringify(analysis.lines.map((l) => l.box))}`,
      ).toBeDefined();
      expect(line!.script).toBe(d.script);
      expect(line!.fontFamily.length).toBeGreaterThan(0);
      expect(line!.confidence).toBeGreaterThan(0);
      expect(line!.similarFonts.length).toBeGreaterThan(0);
    }
    // The most prominent line comes first, and the top level answers for its script; the other
    // script has its own answer, as before.
    expect(analysis.lines[0]!.script).toBe(analysis.script ?? analysis.lines[0]!.script);
    expect(analysis.otherScript?.script).toBe(analysis.lines[1]!.script);
    expect(analysis.lines[0]!.box.y).toBeLessThan(analysis.lines[1]!.box.y);
  });
});
