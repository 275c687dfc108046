// Measures the committed model through the server's own recognizer on data training never saw:
//   1. Chromium screenshots of HTML text set in each font with @font-face (another renderer),
//   2. photo-like degradations of those screenshots,
//   3. lines of held-out words drawn by the training renderer,
// plus latency for a 2-megapixel photo and sustained throughput. Writes
// models/font-recognition/EVALUATION.md and evaluation.json.
//   npm run font:eval   (node --import tsx ml/font-recognition/evaluate.ts [--per-family 5])
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, Image, loadImage } from "@napi-rs/canvas";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { loadFontLibrary, type LibraryFamily, type LibraryVariant } from "../../src/server/modules/font-recognition/font-library.ts";
import { decodeGray, type GrayImage } from "../../src/server/modules/font-recognition/image-input.ts";
import { resampleGray } from "../../src/server/modules/font-recognition/image-ops.ts";
import { createFontRecognizer, defaultModelDir, type DetailedAnalysis } from "../../src/server/modules/font-recognition/recognize-font.ts";
import { blur, lighting, noise, perspective } from "./degrade.ts";
import { renderSample, repoRoot } from "./render-sample.ts";
import { makeLine, makeRng, type Rng } from "./text-corpus.ts";

const { values } = parseArgs({
  options: {
    "per-family": { type: "string", default: "5" },
    "held-out-per-family": { type: "string", default: "3" },
    seed: { type: "string", default: "20261122" },
    workers: { type: "string" },
  },
});
const perFamily = Number(values["per-family"]);
const heldOutPerFamily = Number(values["held-out-per-family"]);
const modelDir = defaultModelDir;
const library = loadFontLibrary(path.join(modelDir, "library.json"));
const labels = JSON.parse(readFileSync(path.join(modelDir, "labels.json"), "utf8")) as { families: string[]; training?: unknown; createdAt?: string; temperature: number; calibration?: { method: string; images: number } };
const workDir = path.join(repoRoot, "ml/font-recognition/work/eval");
mkdirSync(workDir, { recursive: true });

interface Case {
  family: LibraryFamily;
  variant: LibraryVariant;
  text: string;
  fontSizePx: number;
  image: Buffer;
}

interface Outcome {
  set: string;
  familyId: string;
  weight: number;
  italic: boolean;
  fontSizePx: number;
  arabicStyle?: string;
  result?: DetailedAnalysis;
  error?: string;
}

const mime = (f: string) => (f.endsWith(".woff2") ? "font/woff2" : f.endsWith(".ttf") ? "font/ttf" : "font/otf");

/** One HTML page per family: every sampled line in its own block, the fonts inlined as data URLs. */
async function chromiumScreenshots(rng: Rng): Promise<Case[]> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const cases: Case[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    for (const family of library.families) {
      const lines = Array.from({ length: perFamily }, () => {
        const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
        const size = Math.round(16 + rng() * 48);
        const dark = rng() < 0.2;
        const hue = Math.floor(rng() * 360);
        const colours = dark ? { fg: `hsl(${hue} 30% 92%)`, bg: `hsl(${hue} 35% 14%)` } : rng() < 0.5 ? { fg: "#111", bg: "#fff" } : { fg: `hsl(${hue} 45% 22%)`, bg: `hsl(${(hue + 40) % 360} 40% 94%)` };
        return { variant, size, text: makeLine(rng, family.script, "heldOut"), ...colours };
      });
      const faces = [...new Set(lines.map((l) => l.variant))].map((v) => {
        const file = path.join(repoRoot, v.files[0]!);
        const data = readFileSync(file).toString("base64");
        return `@font-face{font-family:"ev-${v.weight}${v.italic ? "i" : ""}";src:url(data:${mime(file)};base64,${data});font-weight:${v.weight};font-style:${v.italic ? "italic" : "normal"};font-display:block}`;
      });
      const body = lines
        .map(
          (l, i) =>
            `<div id="l${i}" dir="${family.script === "arabic" ? "rtl" : "ltr"}" style="font-family:'ev-${l.variant.weight}${l.variant.italic ? "i" : ""}';font-size:${l.size}px;font-weight:${l.variant.weight};font-style:${l.variant.italic ? "italic" : "normal"};color:${l.fg};background:${l.bg};padding:${Math.round(l.size * 0.6)}px ${Math.round(l.size * 0.8)}px;display:inline-block;white-space:nowrap;line-height:1.5">${l.text}</div><br>`,
        )
        .join("\n");
      await page.setContent(`<!doctype html><html><head><meta charset="utf-8"><style>${faces.join("\n")} body{margin:8px;background:#fff}</style></head><body>${body}</body></html>`);
      await page.evaluate(() => document.fonts.ready);
      for (let i = 0; i < lines.length; i++) {
        const l = lines[i]!;
        const loaded = await page.evaluate((f) => document.fonts.check(f), `${l.size}px "ev-${l.variant.weight}${l.variant.italic ? "i" : ""}"`);
        if (!loaded) throw new Error(`Chromium did not load ${family.id} ${l.variant.weight}`);
        // Clip inside the element's box so no sliver of the page around it gets in.
        const bb = (await page.locator(`#l${i}`).boundingBox())!;
        const x = Math.ceil(bb.x);
        const y = Math.ceil(bb.y);
        const clip = { x, y, width: Math.floor(bb.x + bb.width) - x, height: Math.floor(bb.y + bb.height) - y };
        const image = await page.screenshot({ type: "png", clip });
        cases.push({ family, variant: l.variant, text: l.text, fontSizePx: l.size, image });
      }
    }
  } finally {
    await browser.close();
  }
  return cases;
}

/** A screenshot as if photographed: enlarged onto paper, tilted, unevenly lit, soft, noisy, JPEG. */
async function photoLike(c: Case, rng: Rng): Promise<Case> {
  const gray = await decodeGray(c.image);
  const scale = 0.7 + rng() * 1.6;
  const w = Math.round(gray.width * scale);
  const h = Math.round(gray.height * scale);
  let img: GrayImage = resampleGray(gray, w, h);
  // Paper margin around the crop, as a photo rarely frames the text tightly.
  const pad = Math.round(h * (0.3 + rng() * 0.6));
  const paperLum = img.data[0]!;
  const canvas: GrayImage = { width: w + 2 * pad, height: h + 2 * pad, data: new Uint8Array((w + 2 * pad) * (h + 2 * pad)).fill(paperLum) };
  for (let y = 0; y < h; y++) canvas.data.set(img.data.subarray(y * w, (y + 1) * w), (y + pad) * canvas.width + pad);
  img = perspective(canvas, rng, 0.03 + rng() * 0.05);
  img = lighting(img, rng, 0.15 + rng() * 0.35);
  img = blur(img, 0.5 + rng() * 1.0);
  img = noise(img, rng, 3 + rng() * 6);
  const image = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } }).jpeg({ quality: 45 + Math.floor(rng() * 40) }).toBuffer();
  return { ...c, image, fontSizePx: c.fontSizePx * scale };
}

async function heldOutCanvas(rng: Rng): Promise<Case[]> {
  const cases: Case[] = [];
  for (const family of library.families) {
    for (let i = 0; i < heldOutPerFamily; i++) {
      const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
      const text = makeLine(rng, family.script, "heldOut");
      const fontSize = Math.round(16 + rng() * 48);
      const s = await renderSample(rng, family, variant, text, { fontSize, augment: true });
      const image = await sharp(s.gray.data, { raw: { width: s.gray.width, height: s.gray.height, channels: 1 } }).png().toBuffer();
      cases.push({ family, variant, text, fontSizePx: s.fontSizePx, image });
    }
  }
  return cases;
}

/** A 1920x1080 JPEG photo with a line of text somewhere on a textured, unevenly lit surface. */
async function twoMegapixelPhoto(c: Case): Promise<Buffer> {
  const canvas = createCanvas(1920, 1080);
  const ctx = canvas.getContext("2d");
  const g = ctx.createLinearGradient(0, 0, 1920, 1080);
  g.addColorStop(0, "#d9d2c3");
  g.addColorStop(1, "#a89f8c");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 1920, 1080);
  for (let i = 0; i < 300; i++) {
    ctx.fillStyle = `rgba(${90 + ((i * 37) % 80)},${80 + ((i * 53) % 70)},${60 + ((i * 29) % 60)},0.05)`;
    ctx.beginPath();
    ctx.arc((i * 733) % 1920, (i * 397) % 1080, 20 + ((i * 13) % 120), 0, Math.PI * 2);
    ctx.fill();
  }
  const img = await loadImage(c.image);
  const scale = Math.min(1400 / img.width, 3);
  ctx.globalCompositeOperation = "multiply";
  ctx.drawImage(img, 260, 400, img.width * scale, img.height * scale);
  return sharp(canvas.toBuffer("image/png")).jpeg({ quality: 85 }).toBuffer();
}

/** Luminance of the first pixel of a PNG screenshot (its background). */
function sharpPixel(png: Buffer): number {
  const canvas = createCanvas(1, 1);
  const ctx = canvas.getContext("2d");
  const img = new Image();
  img.src = png;
  ctx.drawImage(img, 0, 0);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
}

async function run(recognizer: Awaited<ReturnType<typeof createFontRecognizer>>, set: string, cases: Case[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const c of cases) {
    const o: Outcome = { set, familyId: c.family.id, weight: c.variant.weight, italic: c.variant.italic, fontSizePx: c.fontSizePx, ...(c.family.arabicStyle ? { arabicStyle: c.family.arabicStyle } : {}) };
    try {
      o.result = await recognizer.analyzeDetailed(c.image);
    } catch (e) {
      o.error = (e as Error).name;
    }
    out.push(o);
  }
  return out;
}

function ece(pairs: { confidence: number; correct: boolean }[], bins = 15): number {
  let total = 0;
  for (let b = 0; b < bins; b++) {
    const inBin = pairs.filter((p) => p.confidence > b / bins && p.confidence <= (b + 1) / bins);
    if (inBin.length === 0) continue;
    const conf = inBin.reduce((s, p) => s + p.confidence, 0) / inBin.length;
    const acc = inBin.filter((p) => p.correct).length / inBin.length;
    total += (inBin.length / pairs.length) * Math.abs(conf - acc);
  }
  return total;
}

const pct = (x: number) => Math.round(x * 1000) / 10;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

type Summary = ReturnType<typeof summarise>;
interface Report {
  createdAt: string;
  model: { createdAt?: string | undefined; families: number; training?: unknown };
  sets: {
    screenshots: Summary & { byScript: { arabic: Summary; latin: Summary }; topConfusions: [string, number][] };
    degraded: Summary & { byScript: { arabic: Summary; latin: Summary }; topConfusions: [string, number][] };
    heldOutStrings: Summary & { byScript: { arabic: Summary; latin: Summary } };
  };
  calibration: { eceScreenshotsAndDegraded: number };
  latency2mp: { runs: number; p50: number; p95: number; workers: number; loadAverage1m: number };
  sustained: { analysesPerSecond: number; requests: number; concurrency: number };
  seconds: number;
}

function summarise(outcomes: Outcome[]) {
  const n = outcomes.length;
  const ok = outcomes.filter((o) => o.result);
  const top1 = ok.filter((o) => o.result!.details.familyId === o.familyId).length / n;
  const top5 = ok.filter((o) => o.result!.details.top5.some((t) => t.id === o.familyId)).length / n;
  const arabic = outcomes.filter((o) => o.arabicStyle);
  const style = arabic.filter((o) => o.result?.details.styleHead === o.arabicStyle).length / Math.max(1, arabic.length);
  const styleViaFamily = arabic.filter((o) => o.result && library.families.find((f) => f.id === o.result!.details.familyId)?.arabicStyle === o.arabicStyle).length / Math.max(1, arabic.length);
  const weight = ok.filter((o) => o.result!.analysis.weight !== undefined && Math.abs(o.result!.analysis.weight - o.weight) <= 100).length / n;
  const italic = ok.filter((o) => (o.result!.analysis.style === "italic") === o.italic).length / n;
  const sizeErr = ok.filter((o) => o.result!.analysis.size !== undefined).map((o) => Math.abs(o.result!.analysis.size! - o.fontSizePx) / o.fontSizePx);
  const sizeErrRight = ok.filter((o) => o.result!.analysis.size !== undefined && o.result!.details.familyId === o.familyId).map((o) => Math.abs(o.result!.analysis.size! - o.fontSizePx) / o.fontSizePx);
  const cal = ok.map((o) => ({ confidence: o.result!.analysis.confidence, correct: o.result!.details.familyId === o.familyId }));
  return {
    n,
    failures: n - ok.length,
    failureKinds: Object.fromEntries([...new Set(outcomes.filter((o) => o.error).map((o) => o.error!))].map((k) => [k, outcomes.filter((o) => o.error === k).length])),
    familyTop1: pct(top1),
    familyTop5: pct(top5),
    arabicSamples: arabic.length,
    arabicStyleHead: pct(style),
    arabicStyleViaFamily: pct(styleViaFamily),
    weightWithin100: pct(weight),
    italicAccuracy: pct(italic),
    sizeErrorMedian: pct(quantile(sizeErr, 0.5)),
    sizeErrorMean: pct(sizeErr.reduce((a, b) => a + b, 0) / Math.max(1, sizeErr.length)),
    sizeErrorMedianWhenFamilyRight: pct(quantile(sizeErrRight, 0.5)),
    ece: Math.round(ece(cal) * 1000) / 1000,
    meanConfidence: pct(cal.reduce((s, p) => s + p.confidence, 0) / Math.max(1, cal.length)),
  };
}

function perScript(outcomes: Outcome[]) {
  const arabicIds = new Set(library.families.filter((f) => f.script === "arabic").map((f) => f.id));
  return {
    arabic: summarise(outcomes.filter((o) => arabicIds.has(o.familyId))),
    latin: summarise(outcomes.filter((o) => !arabicIds.has(o.familyId))),
  };
}

function confusions(outcomes: Outcome[]) {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const got = o.result?.details.familyId;
    if (got && got !== o.familyId) counts.set(`${o.familyId} → ${got}`, (counts.get(`${o.familyId} → ${got}`) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
}

const started = Date.now();
const rng = makeRng(Number(values.seed));
console.log("rendering Chromium screenshots…");
const screenshots = await chromiumScreenshots(rng);
console.log(`${screenshots.length} screenshots; degrading…`);
const degraded: Case[] = [];
for (const c of screenshots) degraded.push(await photoLike(c, rng));
console.log("rendering held-out strings with the training renderer…");
const heldOut = await heldOutCanvas(makeRng(Number(values.seed) + 1));
writeFileSync(path.join(workDir, "sample-screenshot.png"), screenshots[0]!.image);
writeFileSync(path.join(workDir, "sample-degraded.jpg"), degraded[0]!.image);

const recognizer = await createFontRecognizer({ ...(values.workers ? { workers: Number(values.workers) } : {}), queueLimit: 1000 });
try {
  console.log(`analysing with ${recognizer.workers} workers…`);
  const results = {
    screenshots: await run(recognizer, "screenshots", screenshots),
    degraded: await run(recognizer, "degraded", degraded),
    heldOutStrings: await run(recognizer, "heldOutStrings", heldOut),
  };

  console.log("latency…");
  // Dark text on a light ground, so the pasted line reads as print on the surface rather than a sticker.
  const light = screenshots.filter((c) => sharpPixel(c.image) > 200);
  const photos = await Promise.all(light.filter((_, i) => i % Math.max(1, Math.floor(light.length / 12)) === 0).slice(0, 12).map(twoMegapixelPhoto));
  writeFileSync(path.join(workDir, "sample-2mp-photo.jpg"), photos[0]!);
  for (const p of photos.slice(0, 3)) await recognizer.analyze(p).catch(() => undefined);
  const loadAverage1m = Math.round(loadavg()[0]! * 10) / 10;
  const latencies: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    await recognizer.analyze(photos[i % photos.length]!).catch(() => undefined);
    latencies.push(performance.now() - t);
  }
  const sustainedCount = 60;
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: recognizer.workers * 2 }, async () => {
      while (next < sustainedCount) {
        const i = next++;
        await recognizer.analyze(photos[i % photos.length]!).catch(() => undefined);
      }
    }),
  );
  const sustained = sustainedCount / ((performance.now() - t0) / 1000);

  const report: Report = {
    createdAt: new Date().toISOString(),
    model: { createdAt: labels.createdAt, families: labels.families.length, training: labels.training },
    sets: {
      screenshots: { ...summarise(results.screenshots), byScript: perScript(results.screenshots), topConfusions: confusions(results.screenshots) },
      degraded: { ...summarise(results.degraded), byScript: perScript(results.degraded), topConfusions: confusions(results.degraded) },
      heldOutStrings: { ...summarise(results.heldOutStrings), byScript: perScript(results.heldOutStrings) },
    },
    calibration: { eceScreenshotsAndDegraded: Math.round(ece([...results.screenshots, ...results.degraded].filter((o) => o.result).map((o) => ({ confidence: o.result!.analysis.confidence, correct: o.result!.details.familyId === o.familyId }))) * 1000) / 1000 },
    latency2mp: { runs: latencies.length, p50: Math.round(quantile(latencies, 0.5)), p95: Math.round(quantile(latencies, 0.95)), workers: recognizer.workers, loadAverage1m },
    sustained: { analysesPerSecond: Math.round(sustained * 10) / 10, requests: sustainedCount, concurrency: recognizer.workers * 2 },
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(path.join(modelDir, "evaluation.json"), JSON.stringify(report, null, 1) + "\n");
  writeFileSync(path.join(modelDir, "EVALUATION.md"), markdown(report));
  console.log(JSON.stringify({ ...report.sets.screenshots, byScript: undefined, topConfusions: undefined }, null, 1));
  console.log(JSON.stringify({ degraded: report.sets.degraded.familyTop1, heldOut: report.sets.heldOutStrings.familyTop1, latency: report.latency2mp, sustained: report.sustained }));
} finally {
  await recognizer.close();
}

function markdown(r: Report): string {
  const s = r.sets.screenshots;
  const d = r.sets.degraded;
  const h = r.sets.heldOutStrings;
  const mark = (ok: boolean) => (ok ? "met" : "**missed**");
  const row = (name: string, target: string, value: string, ok: boolean) => `| ${name} | ${target} | ${value} | ${mark(ok)} |`;
  const styleN = s.arabicSamples + d.arabicSamples;
  const styleAll = (s.arabicStyleHead * s.arabicSamples + d.arabicStyleHead * d.arabicSamples) / Math.max(1, styleN);
  const weightAll = (s.weightWithin100 * s.n + d.weightWithin100 * d.n) / (s.n + d.n);
  const sizeMean = Math.max(s.sizeErrorMean, d.sizeErrorMean);
  const sizeMed = Math.max(s.sizeErrorMedian, d.sizeErrorMedian);
  return `# Font recognition: evaluation

Written by \`npm run font:eval\` (ml/font-recognition/evaluate.ts) on ${r.createdAt}, for the model
trained ${r.model.createdAt ?? "(unknown)"} over ${r.model.families} families. Every figure comes from
images the training never saw, analysed through the server's own recognizer
(src/server/modules/font-recognition/recognize-font.ts: worker pool, same preprocessing, same ONNX model).

- **Screenshots**: Chromium (another renderer than the training's Skia canvas) draws HTML text set
  in each font with @font-face, ${s.n} lines (${perFamily} per family), words from the held-out word
  list, sizes 16-64 px, dark-on-light, coloured and light-on-dark; each line is screenshotted.
- **Degraded**: each screenshot made photo-like: rescaled 0.7-2.3x, set on a paper margin, perspective
  tilt, uneven lighting, blur, sensor noise, JPEG quality 45-85.
- **Held-out strings**: lines of held-out words drawn by the training renderer with its augmentation
  (${h.n} lines).

## Targets

| Measure | Target | Measured | |
|---|---|---|---|
${row("Family top-1, screenshots", ">= 90%", `${s.familyTop1}%`, s.familyTop1 >= 90)}
${row("Family top-5, screenshots", ">= 98%", `${s.familyTop5}%`, s.familyTop5 >= 98)}
${row("Family top-1, degraded", ">= 70%", `${d.familyTop1}%`, d.familyTop1 >= 70)}
${row("Family top-5, degraded", ">= 90%", `${d.familyTop5}%`, d.familyTop5 >= 90)}
${row("Arabic style (style head), screenshots + degraded", ">= 95%", `${pct(styleAll / 100)}%`, styleAll >= 95)}
${row("Weight within ±100, screenshots + degraded", ">= 90%", `${pct(weightAll / 100)}%`, weightAll >= 90)}
${row("Size error (mean relative, worse of the two sets)", "<= 15%", `${sizeMean}% (median ${sizeMed}%)`, sizeMean <= 15)}
${row("Expected calibration error (15 bins), screenshots + degraded", "<= 0.05", `${r.calibration.eceScreenshotsAndDegraded}`, r.calibration.eceScreenshotsAndDegraded <= 0.05)}
${row("2-megapixel photo, p95 latency", "<= 300 ms", `${r.latency2mp.p95} ms (p50 ${r.latency2mp.p50} ms)`, r.latency2mp.p95 <= 300)}
| Sustained analyses per second (2 MP JPEG, ${r.sustained.concurrency} in flight) | measure | ${r.sustained.analysesPerSecond}/s | |

## All figures

| Set | n | top-1 | top-5 | Arabic style (head / via family) | weight ±100 | italic | size error median / mean | ECE | mean confidence | no text found |
|---|---|---|---|---|---|---|---|---|---|---|
${(["screenshots", "degraded", "heldOutStrings"] as const)
  .map((k) => {
    const x = r.sets[k];
    return `| ${k} | ${x.n} | ${x.familyTop1}% | ${x.familyTop5}% | ${x.arabicStyleHead}% / ${x.arabicStyleViaFamily}% | ${x.weightWithin100}% | ${x.italicAccuracy}% | ${x.sizeErrorMedian}% / ${x.sizeErrorMean}% | ${x.ece} | ${x.meanConfidence}% | ${x.failures} |`;
  })
  .join("\n")}

By script (top-1 / top-5):

| Set | Arabic | Latin |
|---|---|---|
${(["screenshots", "degraded", "heldOutStrings"] as const)
  .map((k) => `| ${k} | ${r.sets[k].byScript.arabic.familyTop1}% / ${r.sets[k].byScript.arabic.familyTop5}% | ${r.sets[k].byScript.latin.familyTop1}% / ${r.sets[k].byScript.latin.familyTop5}% |`)
  .join("\n")}

Most frequent confusions on screenshots: ${r.sets.screenshots.topConfusions.map(([k, v]) => `${k} (${v})`).join(", ") || "none"}.

Most frequent confusions on degraded images: ${r.sets.degraded.topConfusions.map(([k, v]) => `${k} (${v})`).join(", ") || "none"}.

Latency: ${r.latency2mp.runs} sequential analyses of 1920x1080 JPEG photos (decode, layout, model) with
${r.latency2mp.workers} workers on this 2-core machine (1-minute load average ${r.latency2mp.loadAverage1m} when the
latency run started). Sustained: ${r.sustained.requests}
analyses with ${r.sustained.concurrency} in flight. The evaluation took ${r.seconds} s.

Notes: weight is the nearest weight the predicted family really has; size is the measured line height
of the first text line times the model's size head (log of font size over line height, averaged over
that line's windows), in pixels of the uploaded image. The confidence is the softmax of the crop-averaged logits divided by a temperature
(${labels.temperature}) fitted ${labels.calibration ? `by ml/font-recognition/calibrate.ts on ${labels.calibration.images} fresh renders of training words` : "on the validation split"}
(synthetic, training renderer), so its calibration on Chromium screenshots is a real test, not a fit.
`;
}
