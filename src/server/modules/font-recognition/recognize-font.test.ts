// Integration tests of the committed model through the recognizer the server uses. Samples are
// rendered fresh at test time, in words the model was not trained on.
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectPath } from "#server/lib/project-root.ts";
import { fontAnalysisSchema } from "#shared/schemas/font-analysis.ts";
import {
  ImageDecodeError,
  ImageTooLargeError,
  NoTextFoundError,
  RecognizerBusyError,
  RecognizerClosedError,
  UnsupportedImageTypeError,
} from "./errors.ts";
import { loadFontLibrary } from "./font-library.ts";
import { createFontRecognizer, defaultModelDir, type FontRecognizer } from "./recognize-font.ts";
import { pngClaiming } from "./test-fixtures.ts";

const library = loadFontLibrary(path.join(defaultModelDir, "library.json"));

/** Held-out words (never in a training line): see ml/font-recognition/text-corpus.ts. */
const samples: { id: string; text: string }[] = [
  { id: "amiri", text: "حكاية مكتبة" },
  { id: "reem-kufi", text: "فانوس خيمة" },
  { id: "aref-ruqaa", text: "قرية كريم" },
  { id: "noto-nastaliq-urdu", text: "زعفران رمل" },
  { id: "lalezar", text: "موجة قمر" },
  { id: "playfair-display", text: "Ancient garden" },
  { id: "roboto-mono", text: "account report" },
  { id: "pacifico", text: "Amber island" },
  { id: "bebas-neue", text: "GALLERY TOWER" },
  { id: "great-vibes", text: "Quiet evening" },
];

function render(id: string, text: string, size = 52): Buffer {
  const family = library.families.find((f) => f.id === id)!;
  const variant = family.variants.find((v) => v.weight === 400 && !v.italic) ?? family.variants[0]!;
  const alias = `rt-${id}`;
  for (const f of variant.files) GlobalFonts.registerFromPath(projectPath(f), alias);
  const probe = createCanvas(4, 4).getContext("2d");
  probe.font = `${size}px "${alias}"`;
  const width = Math.ceil(probe.measureText(text).width + size * 1.5);
  const canvas = createCanvas(width, Math.round(size * 2.4));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fbf7f0";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#1b1b1b";
  ctx.font = `${size}px "${alias}"`;
  ctx.textBaseline = "middle";
  ctx.direction = family.script === "arabic" ? "rtl" : "ltr";
  ctx.textAlign = "center";
  ctx.fillText(text, canvas.width / 2, canvas.height / 2);
  return canvas.toBuffer("image/png");
}

let recognizer: FontRecognizer;

beforeAll(async () => {
  recognizer = await createFontRecognizer({ workers: 1 });
}, 60_000);

afterAll(async () => {
  await recognizer?.close();
});

describe("recognizing fresh samples with the committed model", () => {
  it("names the right family for most known fonts", async () => {
    const results = [];
    for (const s of samples) {
      const analysis = await recognizer.analyze(render(s.id, s.text));
      results.push({
        expected: library.families.find((f) => f.id === s.id)!.name,
        got: analysis.fontFamily,
        confidence: analysis.confidence,
      });
    }
    const right = results.filter((r) => r.expected === r.got).length;
    expect(right, JSON.stringify(results)).toBeGreaterThanOrEqual(Math.ceil(samples.length * 0.7));
  }, 60_000);

  it("answers the spec's object, with cultural context only for Arabic styles", async () => {
    const arabic = await recognizer.analyze(render("amiri", "تفاصيل مكتبة"));
    const latin = await recognizer.analyze(render("roboto-mono", "quiet island"));
    for (const a of [arabic, latin]) {
      expect(() => fontAnalysisSchema.parse(a)).not.toThrow();
      expect(a.similarFonts.length).toBeGreaterThan(0);
      expect(a.similarFonts.map((f) => f.name)).not.toContain(a.fontFamily);
      expect(a.characteristicsAr.length).toBe(a.characteristics.length);
    }
    const amiri = library.families.find((f) => f.id === "amiri")!;
    if (arabic.fontFamily === amiri.name)
      expect(arabic.culturalContext?.originAr).toBe(amiri.culturalContext!.originAr);
    if (library.families.find((f) => f.name === latin.fontFamily)?.script === "latin")
      expect(latin.culturalContext).toBeUndefined();
  }, 30_000);

  it("measures the font size in pixels of the uploaded image", async () => {
    const a = await recognizer.analyze(render("roboto-mono", "wander plan", 40));
    expect(a.size).toBeGreaterThan(40 * 0.75);
    expect(a.size).toBeLessThan(40 * 1.25);
  }, 30_000);

  it("analyses only the text inside the caller's box", async () => {
    const top = await sharp(render("pacifico", "Amber island")).toBuffer();
    const bottom = render("bebas-neue", "GALLERY TOWER");
    const [mt, mb] = await Promise.all([sharp(top).metadata(), sharp(bottom).metadata()]);
    const width = Math.max(mt.width!, mb.width!);
    const composite = await sharp({
      create: { width, height: mt.height! + mb.height!, channels: 3, background: "#fbf7f0" },
    })
      .composite([
        { input: top, top: 0, left: 0 },
        { input: bottom, top: mt.height!, left: 0 },
      ])
      .png()
      .toBuffer();
    const a = await recognizer.analyze(composite, { x: 0, y: mt.height!, w: mb.width!, h: mb.height! });
    expect(a.fontFamily).toBe("Bebas Neue");
  }, 30_000);
});

describe("bad input", () => {
  it("refuses bytes that are not a PNG, JPEG or WebP", async () => {
    await expect(recognizer.analyze(Buffer.from("just some text, not an image"))).rejects.toBeInstanceOf(
      UnsupportedImageTypeError,
    );
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    await expect(recognizer.analyze(gif)).rejects.toBeInstanceOf(UnsupportedImageTypeError);
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const t = performance.now();
    await expect(recognizer.analyze(pngClaiming(60_000, 60_000))).rejects.toBeInstanceOf(ImageTooLargeError);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it("reports a damaged image as undecodable", async () => {
    const png = render("amiri", "قمر");
    await expect(recognizer.analyze(png.subarray(0, 200))).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it("says when there is no text", async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#e8e2d8" } })
      .png()
      .toBuffer();
    await expect(recognizer.analyze(blank)).rejects.toBeInstanceOf(NoTextFoundError);
  });

  it("refuses work with a typed error when the queue is full, and after close", async () => {
    const small = await createFontRecognizer({ workers: 1, queueLimit: 1 });
    try {
      const png = render("cairo", "موجة قوي");
      const settled = await Promise.allSettled([0, 1, 2, 3, 4].map(() => small.analyze(png)));
      const busy = settled.filter((s) => s.status === "rejected" && s.reason instanceof RecognizerBusyError);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(settled.filter((s) => s.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
      expect((busy[0] as PromiseRejectedResult).reason.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
    await expect(small.analyze(render("cairo", "موجة"))).rejects.toBeInstanceOf(RecognizerClosedError);
  }, 60_000);
});
