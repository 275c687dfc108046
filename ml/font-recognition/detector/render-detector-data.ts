// Renders the text detector's training data (decision 0045, "The text detector"): square grayscale
// crops with 0-8 text lines drawn by Skia (@napi-rs/canvas, the training renderer's fonts: the
// library's families and the exposure group's) on the project's training photographs, the gate's
// generated backgrounds and Debian wallpapers the independent sets do not use, with each line's exact
// rectangle as the label (detector-targets.ts turns it into the targets).
//   node --import tsx ml/font-recognition/detector/render-detector-data.ts [--crops 16000] [--val 400]
//     [--size 512] [--jobs 2] [--shard 250] [--seed 0] [--out ml/font-recognition/work/detector/data]
// Per shard (<split>-<k>): .img (N x S x S bytes), .prob and .thr (N x S/4 x S/4 bytes), .lines.json
// (each crop's rectangles), and <split>-<k>.json written last: a shard with its .json is finished and
// kept on a rerun, so a killed render resumes; train_detector.py picks up shards as they appear.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, ImageData, type Canvas } from "@napi-rs/canvas";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { hasLatinDigits } from "../arabic-coverage.ts";
import { isBilingual } from "../bilingual.ts";
import { blur, jpeg, lighting, noise, resampleRoundTrip } from "../degrade.ts";
import { GATE_TRAIN_PHOTOS, negativeImage, type NegativeKind } from "../gate-data.ts";
import { wallpaperCrop, wallpaperFiles } from "../photo-backgrounds.ts";
import { asLibraryFamily, openSetExposureGroup } from "../held-out-fonts.ts";
import { EXPOSURE_OUT_OF_LIBRARY } from "../independent/font-plan.ts";
import { repoRoot, variantAlias } from "../render-sample.ts";
import { digitLine, makeLine, makeRng, shortWord, toArabicIndic, type Rng } from "../text-corpus.ts";
import { drawTargets, STRIDE, type LineRect } from "./detector-targets.ts";

export const RECIPE = 1;

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const logUniform = (rng: Rng, lo: number, hi: number) => Math.exp(Math.log(lo) + rng() * (Math.log(hi) - Math.log(lo)));

async function background(rng: Rng, size: number, walls: string[]): Promise<GrayImage> {
  const r = rng();
  if (r < 0.3) return negativeImage(rng, "photo", GATE_TRAIN_PHOTOS, { w: size, h: size });
  if (r < 0.55 && walls.length) return wallpaperCrop(rng, pick(rng, walls), size, size);
  const kinds: NegativeKind[] = ["product", "texture", "texture", "scribble", "shapes", "gradient", "noise"];
  return negativeImage(rng, pick(rng, kinds), GATE_TRAIN_PHOTOS, { w: size, h: size });
}

interface FontChoice {
  family: LibraryFamily;
  bilingual: boolean;
  latinDigits: boolean;
}

export function fontPool(): FontChoice[] {
  const library = loadFontLibrary(path.join(repoRoot, "models/font-recognition/library.json"));
  // The exposure fonts the independent sets draw as out-of-library are left out.
  const exposure = openSetExposureGroup.filter((h) => !(h.id in EXPOSURE_OUT_OF_LIBRARY)).map(asLibraryFamily);
  return [...library.families, ...exposure].map((family) => ({
    family,
    bilingual: isBilingual(family),
    latinDigits: family.script === "latin" || hasLatinDigits(family),
  }));
}

function lineText(rng: Rng, font: FontChoice): { text: string; script: "arabic" | "latin" } {
  const script = font.bilingual && rng() < 0.3 ? "latin" : font.family.script;
  const r = rng();
  let text =
    r < 0.25
      ? digitLine(rng, script)
      : r < 0.5
        ? shortWord(rng, script, "train")
        : makeLine(rng, script, "train")
            .split(" ")
            .slice(0, 1 + Math.floor(rng() * 6))
            .join(" ");
  if (!font.latinDigits && script === "arabic") text = toArabicIndic(text);
  return { text, script };
}

const gray = (lum: number) => {
  const v = Math.max(0, Math.min(255, Math.round(lum)));
  return `rgb(${v},${v},${v})`;
};

interface DrawnLine {
  canvas: Canvas;
  /** The ink box inside the canvas. */
  ink: { x: number; y: number; w: number; h: number };
}

/** Draws the text on its own transparent canvas and finds its ink box from the pixels. */
function drawLine(
  font: FontChoice,
  variant: LibraryFamily["variants"][number],
  text: string,
  script: "arabic" | "latin",
  fontSize: number,
  fill: string,
  outline: string | undefined,
  spacing: number,
): DrawnLine | undefined {
  const alias = variantAlias(font.family, variant);
  const probe = createCanvas(8, 8).getContext("2d");
  probe.font = `${fontSize}px "${alias}"`;
  probe.letterSpacing = `${spacing}px`;
  const width = probe.measureText(text).width;
  const w = Math.ceil(width + fontSize * 1.2);
  const h = Math.ceil(fontSize * 2.4);
  if (w > 4000 || w < 2) return undefined;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.font = `${fontSize}px "${alias}"`;
  ctx.letterSpacing = `${spacing}px`;
  ctx.textBaseline = "middle";
  ctx.textAlign = "center";
  ctx.direction = script === "arabic" ? "rtl" : "ltr";
  if (outline) {
    ctx.strokeStyle = outline;
    ctx.lineWidth = Math.max(1, fontSize * 0.08);
    ctx.lineJoin = "round";
    ctx.strokeText(text, w / 2, h / 2);
  }
  ctx.fillStyle = fill;
  ctx.fillText(text, w / 2, h / 2);
  const { data } = ctx.getImageData(0, 0, w, h);
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (data[(y * w + x) * 4 + 3]! > 64) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  if (x1 < 0) return undefined;
  return { canvas, ink: { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 } };
}

function meanUnder(bg: GrayImage, b: [number, number, number, number]): number {
  let s = 0;
  let n = 0;
  const [x0, y0, x1, y1] = b.map((v) => Math.round(v));
  for (let y = Math.max(0, y0!); y < Math.min(bg.height, y1!); y += 2)
    for (let x = Math.max(0, x0!); x < Math.min(bg.width, x1!); x += 2) {
      s += bg.data[y * bg.width + x]!;
      n++;
    }
  return n ? s / n : 128;
}

function overlaps(a: [number, number, number, number], placed: [number, number, number, number][]): boolean {
  return placed.some((b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]);
}

/** One crop: its pixels and its lines' rectangles. */
export async function makeCrop(
  rng: Rng,
  size: number,
  fonts: FontChoice[],
  walls: string[],
): Promise<{ gray: GrayImage; lines: LineRect[] }> {
  const bg = await background(rng, size, walls);
  const lines: LineRect[] = [];
  if (rng() < 1 / 3) return { gray: await degradeCrop(rng, bg, 40), lines };
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext("2d");
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const v = bg.data[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  ctx.putImageData(new ImageData(rgba, size, size), 0, 0);
  const placed: [number, number, number, number][] = [];
  const groups = 1 + Math.floor(rng() ** 1.6 * 6);
  for (let g = 0; g < groups; g++) {
    const font = pick(rng, fonts);
    const variant = pick(rng, font.family.variants);
    // Ink heights 6-200 px, many small: half of the groups drawn from 6-40 px.
    const inkTarget = rng() < 0.5 ? logUniform(rng, 6, 40) : logUniform(rng, 6, 200);
    let fontSize = Math.max(5, inkTarget * (0.9 + rng() * 0.3));
    const r = rng();
    const angle = ((r < 0.5 ? 0 : r < 0.8 ? (rng() * 2 - 1) * 3 : (rng() * 2 - 1) * 10) * Math.PI) / 180;
    // Several lines of one font and size, as on a sign or a label, a quarter of the time.
    const count = rng() < 0.25 ? 2 + Math.floor(rng() * 3) : 1;
    const pitch = 1.15 + rng() * 0.6;
    const spacing = rng() < 0.2 ? (rng() * 0.14 - 0.03) * fontSize : 0;
    const plate = rng() < 0.15;
    const shadow = rng() < 0.08;
    const outlined = rng() < 0.08;
    for (let attempt = 0; attempt < 3; attempt++) {
      const drawn: { line: DrawnLine; text: string }[] = [];
      for (let k = 0; k < count; k++) {
        const { text, script } = lineText(rng, font);
        const d = drawLine(font, variant, text, script, fontSize, "#fff", outlined ? "#000" : undefined, spacing);
        if (d) drawn.push({ line: d, text });
      }
      if (!drawn.length) break;
      const maxW = Math.max(...drawn.map((d) => d.line.ink.w));
      const lineH = Math.max(...drawn.map((d) => d.line.ink.h));
      const blockH = lineH + (drawn.length - 1) * fontSize * pitch;
      const c = Math.abs(Math.cos(angle));
      const s = Math.abs(Math.sin(angle));
      const extW = maxW * c + blockH * s;
      const extH = maxW * s + blockH * c;
      if (extW > size - 8 || extH > size - 8) {
        fontSize *= Math.min(0.8, ((size - 8) / Math.max(extW, extH)) * 0.95);
        continue;
      }
      // A place where the block does not touch an earlier one.
      let cx = 0;
      let cy = 0;
      let ok = false;
      for (let t = 0; t < 12 && !ok; t++) {
        cx = extW / 2 + 4 + rng() * (size - extW - 8);
        cy = extH / 2 + 4 + rng() * (size - extH - 8);
        const m = lineH * 0.4;
        ok = !overlaps([cx - extW / 2 - m, cy - extH / 2 - m, cx + extW / 2 + m, cy + extH / 2 + m], placed);
      }
      if (!ok) break;
      placed.push([cx - extW / 2, cy - extH / 2, cx + extW / 2, cy + extH / 2]);
      const under = meanUnder(bg, [cx - extW / 2, cy - extH / 2, cx + extW / 2, cy + extH / 2]);
      // Text tone against what is under it; a plate (a label, a sign) gets its own tone first.
      let ground = under;
      if (plate) {
        ground = under > 128 ? rng() * 90 : 160 + rng() * 95;
        if (rng() < 0.5) ground = 255 - ground;
        const m = lineH * (0.3 + rng() * 0.8);
        ctx.save();
        ctx.translate(cx, cy);
        ctx.rotate(angle);
        ctx.fillStyle = gray(ground);
        ctx.fillRect(-maxW / 2 - m, -blockH / 2 - m, maxW + 2 * m, blockH + 2 * m);
        ctx.restore();
      }
      const contrast = rng() < 0.1 ? 22 + rng() * 20 : 45 + rng() * 180;
      let tone = ground < 128 ? ground + contrast : ground - contrast;
      if (rng() < 0.25 && ground - contrast >= 0 && ground + contrast <= 255) tone = 2 * ground - tone;
      const other = tone > 128 ? tone - 120 - rng() * 100 : tone + 120 + rng() * 100;
      const align = rng();
      drawn.forEach(({ line }, k) => {
        // Each line's ink centre, offset across the block and aligned left, right or centre.
        const dy = (k - (drawn.length - 1) / 2) * fontSize * pitch;
        const dx = align < 0.33 ? (line.ink.w - maxW) / 2 : align < 0.66 ? (maxW - line.ink.w) / 2 : 0;
        const lx = cx + dx * Math.cos(angle) - dy * Math.sin(angle);
        const ly = cy + dx * Math.sin(angle) + dy * Math.cos(angle);
        const tinted = tint(line.canvas, tone, outlined ? other : undefined);
        ctx.save();
        if (shadow) {
          ctx.shadowColor = gray(tone > 128 ? 0 : 255);
          ctx.shadowBlur = Math.max(1, fontSize * 0.08);
          ctx.shadowOffsetX = fontSize * 0.05;
          ctx.shadowOffsetY = fontSize * 0.05;
        }
        ctx.translate(lx, ly);
        ctx.rotate(angle);
        ctx.drawImage(tinted, -(line.ink.x + line.ink.w / 2), -(line.ink.y + line.ink.h / 2));
        ctx.restore();
        lines.push({ cx: lx, cy: ly, halfW: line.ink.w / 2, halfH: line.ink.h / 2, angle });
      });
      break;
    }
  }
  const { data } = ctx.getImageData(0, 0, size, size);
  const out = new Uint8Array(size * size);
  for (let i = 0; i < out.length; i++) out[i] = data[i * 4]!;
  const smallest = lines.length ? Math.min(...lines.map((l) => 2 * l.halfH)) : 40;
  return { gray: await degradeCrop(rng, { width: size, height: size, data: out }, smallest), lines };
}

/** Recolours a white-on-transparent line (and its black outline) to the given tones. */
function tint(src: Canvas, tone: number, outline: number | undefined) {
  const w = src.width;
  const h = src.height;
  const ctx = src.getContext("2d");
  const img = ctx.getImageData(0, 0, w, h);
  const d = img.data;
  const o = outline ?? tone;
  for (let i = 0; i < d.length; i += 4) {
    // The drawn value runs from the outline's black (0) to the fill's white (255).
    const t = d[i]! / 255;
    const v = o + (tone - o) * t;
    d[i] = v;
    d[i + 1] = v;
    d[i + 2] = v;
  }
  const out = createCanvas(w, h);
  out.getContext("2d").putImageData(img, 0, 0);
  return out;
}

/** Capture degradations of the whole crop; blur never wipes out its smallest line. */
async function degradeCrop(rng: Rng, g: GrayImage, smallest: number): Promise<GrayImage> {
  if (rng() < 0.2) g = lighting(g, rng, 0.1 + rng() * 0.4);
  if (rng() < 0.15) g = resampleRoundTrip(g, 0.55 + rng() * 0.4);
  if (rng() < 0.25) g = blur(g, Math.min(1.4, 0.3 + rng() * 0.12 * smallest));
  if (rng() < 0.35) g = noise(g, rng, 2 + rng() * 8);
  if (rng() < 0.5) g = await jpeg(g, 25 + Math.floor(rng() * 65));
  return g;
}

// ---------------------------------------------------------------- shards

function seedOf(seed: number, split: string, index: number): number {
  return createHash("sha1").update(`${RECIPE}:${seed}:${split}:${index}`).digest().readUInt32LE(0);
}

interface ShardJob {
  split: "train" | "val";
  k: number;
  from: number;
  count: number;
}

async function renderShard(
  job: ShardJob,
  size: number,
  seed: number,
  out: string,
  fonts: FontChoice[],
  walls: string[],
) {
  const stem = path.join(out, `${job.split}-${job.k}`);
  if (existsSync(`${stem}.json`)) return;
  const started = Date.now();
  const m = size / STRIDE;
  const img = new Uint8Array(job.count * size * size);
  const prob = new Uint8Array(job.count * m * m);
  const thr = new Uint8Array(job.count * m * m);
  const allLines: number[][][] = [];
  let withText = 0;
  let lineCount = 0;
  for (let n = 0; n < job.count; n++) {
    const rng = makeRng(seedOf(seed, job.split, job.from + n));
    const { gray, lines } = await makeCrop(rng, size, fonts, walls);
    img.set(gray.data, n * size * size);
    const p = prob.subarray(n * m * m, (n + 1) * m * m);
    const t = thr.subarray(n * m * m, (n + 1) * m * m);
    drawTargets(lines, m, m, p, t);
    allLines.push(lines.map((l) => [l.cx, l.cy, l.halfW, l.halfH, l.angle].map((v) => Math.round(v * 100) / 100)));
    if (lines.length) withText++;
    lineCount += lines.length;
  }
  for (const [ext, bytes] of [
    ["img", img],
    ["prob", prob],
    ["thr", thr],
  ] as const) {
    writeFileSync(`${stem}.${ext}.tmp`, bytes);
    renameSync(`${stem}.${ext}.tmp`, `${stem}.${ext}`);
  }
  writeFileSync(`${stem}.lines.json`, JSON.stringify(allLines));
  const heights = allLines.flat().map((l) => 2 * l[3]!);
  const meta = {
    recipe: RECIPE,
    seed,
    split: job.split,
    from: job.from,
    count: job.count,
    size,
    stride: STRIDE,
    withText,
    lines: lineCount,
    linesUnder20px: heights.filter((h) => h < 20).length,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(`${stem}.json.tmp`, JSON.stringify(meta));
  renameSync(`${stem}.json.tmp`, `${stem}.json`);
  console.log(`${job.split}-${job.k}: ${job.count} crops, ${lineCount} lines, ${meta.seconds} s`);
}

function jobsOf(crops: number, val: number, shard: number): ShardJob[] {
  const jobs: ShardJob[] = [];
  for (let k = 0; k * shard < val; k++)
    jobs.push({ split: "val", k, from: k * shard, count: Math.min(shard, val - k * shard) });
  for (let k = 0; k * shard < crops; k++)
    jobs.push({ split: "train", k, from: k * shard, count: Math.min(shard, crops - k * shard) });
  return jobs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      crops: { type: "string", default: "16000" },
      val: { type: "string", default: "400" },
      size: { type: "string", default: "512" },
      jobs: { type: "string", default: "2" },
      shard: { type: "string", default: "250" },
      seed: { type: "string", default: "0" },
      worker: { type: "string" },
      out: { type: "string", default: path.join(repoRoot, "ml/font-recognition/work/detector/data") },
    },
  });
  const size = Number(values.size);
  const jobCount = Number(values.jobs);
  const out = values.out!;
  const all = jobsOf(Number(values.crops), Number(values.val), Number(values.shard));
  if (values.worker !== undefined) {
    const fonts = fontPool();
    const walls = wallpaperFiles();
    const w = Number(values.worker);
    for (const job of all.filter((_, i) => i % jobCount === w))
      await renderShard(job, size, Number(values.seed), out, fonts, walls);
  } else {
    mkdirSync(out, { recursive: true });
    const started = Date.now();
    const walls = wallpaperFiles();
    console.log(`${walls.length} wallpapers, ${all.length} shards`);
    await Promise.all(
      Array.from(
        { length: jobCount },
        (_, k) =>
          new Promise<void>((resolve, reject) => {
            const args = [...process.execArgv, import.meta.filename, "--worker", String(k)];
            for (const key of ["crops", "val", "size", "jobs", "shard", "seed", "out"] as const)
              args.push(`--${key}`, values[key]!);
            const child = spawn(process.execPath, args, { stdio: "inherit" });
            child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`))));
          }),
      ),
    );
    writeFileSync(
      path.join(out, "meta.json"),
      JSON.stringify({
        recipe: RECIPE,
        seed: Number(values.seed),
        size,
        crops: Number(values.crops),
        val: Number(values.val),
        wallpapers: walls.length,
        seconds: Math.round((Date.now() - started) / 1000),
      }),
    );
    console.log(`rendered in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}
