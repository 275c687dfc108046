// Images for the text gate (no text / readable text / text too small or blurry to read), shared by
// the gate's training data (render-gate.ts) and the evaluation's no-text set (evaluate.ts).
//
// Text-free images: photo-like renders of objects, textures, gradients, scribbles, noise, stripes and
// halftones drawn here, and crops of the project's own photographs. The photographs are split by
// file: training never sees the evaluation's (GATE_EVAL_PHOTOS).
import path from "node:path";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import sharp from "sharp";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import { decodeGray, rgbaToGray, type GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { cropGray, resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import { blur, jpeg, lighting, noise, perspective } from "./degrade.ts";
import { renderSample, repoRoot } from "./render-sample.ts";
import { digitLine, makeLine, shortWord, type Rng } from "./text-corpus.ts";

/** Text-free photographs of the project (media/): product shots, craft scenes, landscapes. */
export const GATE_TRAIN_PHOTOS = [
  "bts-2.jpg",
  "craft-detail.jpg",
  "hero-loop-poster.jpg",
  "hero-portrait.jpg",
  "hero-tablet.jpg",
  "nawat-exploded.jpg",
  "nawat-top.jpg",
  "nawat.jpg",
  "sanam-teaser.jpg",
  "showcase-loop-poster.jpg",
];
/** Never used for training: the evaluation's and the integration test's text-free photographs. */
export const GATE_EVAL_PHOTOS = ["desert-dunes.jpg", "nawat-hero.jpg", "nawat-side.jpg", "og-image.jpg", "sanam.jpg"];

export const GATE_CLASSES = ["none", "text", "unreadable"] as const;

const photoCache = new Map<string, GrayImage>();
async function photo(file: string): Promise<GrayImage> {
  let g = photoCache.get(file);
  if (!g) {
    // Photographs are large; a copy at most 1600 px wide is plenty for crops.
    const bytes = await sharp(path.join(repoRoot, "media", file))
      .resize({ width: 1600, withoutEnlargement: true })
      .png()
      .toBuffer();
    g = await decodeGray(bytes);
    photoCache.set(file, g);
  }
  return g;
}

const rgb = (rng: Rng, lum = rng() * 255, spread = 90) => {
  const c = () => Math.max(0, Math.min(255, lum + (rng() - 0.5) * spread)) | 0;
  return `rgb(${c()},${c()},${c()})`;
};

function gradientFill(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  const g =
    rng() < 0.6
      ? ctx.createLinearGradient(rng() * w, rng() * h, rng() * w, rng() * h)
      : ctx.createRadialGradient(rng() * w, rng() * h, 0, rng() * w, rng() * h, Math.max(w, h) * (0.3 + rng()));
  const stops = 2 + Math.floor(rng() * 3);
  for (let i = 0; i < stops; i++) g.addColorStop(i / (stops - 1), rgb(rng));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

/** A turned wooden vessel, a box or a bottle with soft shading and a shadow, on a plain or graded backdrop. */
function productShot(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  gradientFill(ctx, rng, w, h);
  const n = 1 + Math.floor(rng() * 3);
  for (let k = 0; k < n; k++) {
    const cx = w * (0.2 + rng() * 0.6);
    const cy = h * (0.3 + rng() * 0.5);
    const rx = w * (0.08 + rng() * 0.3);
    const ry = rx * (0.15 + rng() * 0.9);
    ctx.globalAlpha = 0.3;
    ctx.fillStyle = "#000";
    ctx.beginPath();
    ctx.ellipse(cx + rx * 0.1, cy + ry * 0.9, rx * 1.05, ry * 0.3, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.globalAlpha = 1;
    const g = ctx.createLinearGradient(cx - rx, cy - ry, cx + rx, cy + ry);
    const base = 40 + rng() * 160;
    g.addColorStop(0, rgb(rng, base + 50, 40));
    g.addColorStop(0.5, rgb(rng, base, 40));
    g.addColorStop(1, rgb(rng, base - 50, 40));
    ctx.fillStyle = g;
    ctx.beginPath();
    if (rng() < 0.6) ctx.ellipse(cx, cy, rx, ry, 0, 0, Math.PI * 2);
    else ctx.roundRect(cx - rx, cy - ry * 1.5, rx * 2, ry * 3, rx * 0.2 * rng());
    ctx.fill();
    // Wood grain or a rim highlight.
    ctx.strokeStyle = rgb(rng, base - 30, 30);
    ctx.lineWidth = 1 + rng() * 2;
    for (let i = 0; i < Math.floor(rng() * 14); i++) {
      ctx.globalAlpha = 0.15 + rng() * 0.3;
      ctx.beginPath();
      ctx.ellipse(cx, cy, rx * (0.3 + rng() * 0.7), ry * (0.3 + rng() * 0.7), 0, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    // Small objects around it (dates, pits, tools).
    for (let i = 0; i < Math.floor(rng() * 12); i++) {
      ctx.fillStyle = rgb(rng, 40 + rng() * 100, 30);
      ctx.beginPath();
      const s = rx * (0.04 + rng() * 0.08);
      ctx.ellipse(rng() * w, rng() * h, s * 1.6, s, rng() * Math.PI, 0, Math.PI * 2);
      ctx.fill();
    }
  }
}

function texture(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  ctx.fillStyle = rgb(rng);
  ctx.fillRect(0, 0, w, h);
  const kind = rng();
  if (kind < 0.35) {
    // Blotches: stone, plaster, fabric.
    const n = 80 + Math.floor(rng() * 400);
    const base = rng() * 255;
    for (let i = 0; i < n; i++) {
      ctx.globalAlpha = 0.05 + rng() * 0.25;
      ctx.fillStyle = rgb(rng, base, 120);
      ctx.beginPath();
      const r = 1 + rng() * Math.min(w, h) * (rng() < 0.7 ? 0.03 : 0.2);
      ctx.ellipse(rng() * w, rng() * h, r, r * (0.3 + rng()), rng() * Math.PI, 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (kind < 0.6) {
    // Grain: wood or brushed metal, wavy parallel strokes.
    const n = 30 + Math.floor(rng() * 150);
    const amp = rng() * h * 0.05;
    for (let i = 0; i < n; i++) {
      ctx.globalAlpha = 0.1 + rng() * 0.4;
      ctx.strokeStyle = rgb(rng);
      ctx.lineWidth = 0.5 + rng() * 3;
      const y = rng() * h;
      ctx.beginPath();
      ctx.moveTo(0, y);
      for (let x = 0; x <= w; x += w / 8) ctx.lineTo(x, y + Math.sin(x / (20 + rng() * 80) + i) * amp);
      ctx.stroke();
    }
  } else if (kind < 0.8) {
    // Stripes, grids, tiles.
    const step = 4 + rng() * 60;
    ctx.strokeStyle = rgb(rng);
    ctx.lineWidth = 1 + rng() * step * 0.4;
    const angle = rng() * Math.PI;
    ctx.translate(w / 2, h / 2);
    ctx.rotate(angle);
    const R = Math.hypot(w, h);
    for (let t = -R; t < R; t += step) {
      ctx.beginPath();
      ctx.moveTo(t, -R);
      ctx.lineTo(t, R);
      ctx.stroke();
      if (rng() < 0.3) {
        ctx.beginPath();
        ctx.moveTo(-R, t);
        ctx.lineTo(R, t);
        ctx.stroke();
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  } else {
    // Halftone dots or scattered specks.
    const step = 3 + rng() * 25;
    ctx.fillStyle = rgb(rng);
    for (let y = 0; y < h; y += step)
      for (let x = 0; x < w; x += step) {
        const r = step * 0.45 * (rng() < 0.5 ? 0.5 + 0.5 * Math.sin(x / 40 + y / 30) : rng());
        ctx.beginPath();
        ctx.arc(x + ((y / step) % 2) * step * 0.5, y, Math.max(0.3, r), 0, Math.PI * 2);
        ctx.fill();
      }
  }
  ctx.globalAlpha = 1;
}

/** Pen scribbles, doodles and signature-like loops (hard negatives: they are strokes, not letters). */
function scribble(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  ctx.fillStyle = rgb(rng, 170 + rng() * 85, 40);
  ctx.fillRect(0, 0, w, h);
  const strokes = 1 + Math.floor(rng() * 6);
  ctx.strokeStyle = rgb(rng, rng() * 90, 50);
  ctx.lineCap = "round";
  for (let s = 0; s < strokes; s++) {
    ctx.lineWidth = 1 + rng() * 8;
    ctx.beginPath();
    let x = rng() * w;
    let y = rng() * h;
    ctx.moveTo(x, y);
    const segs = 2 + Math.floor(rng() * 10);
    for (let i = 0; i < segs; i++) {
      const nx = Math.max(0, Math.min(w, x + (rng() - 0.5) * w * 0.8));
      const ny = Math.max(0, Math.min(h, y + (rng() - 0.5) * h * 0.8));
      ctx.bezierCurveTo(rng() * w, rng() * h, rng() * w, rng() * h, nx, ny);
      x = nx;
      y = ny;
    }
    ctx.stroke();
  }
}

/** Random shapes, icons and lines (a user interface or poster without any words). */
function shapes(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  gradientFill(ctx, rng, w, h);
  const n = 1 + Math.floor(rng() * 25);
  for (let i = 0; i < n; i++) {
    ctx.fillStyle = rgb(rng);
    ctx.strokeStyle = rgb(rng);
    ctx.lineWidth = 1 + rng() * 6;
    const x = rng() * w;
    const y = rng() * h;
    const s = Math.min(w, h) * (0.02 + rng() * 0.3);
    ctx.beginPath();
    const k = rng();
    if (k < 0.3) ctx.rect(x, y, s * (0.3 + rng() * 3), s * (0.3 + rng()));
    else if (k < 0.6) ctx.arc(x, y, s / 2, 0, Math.PI * 2);
    else {
      ctx.moveTo(x, y);
      ctx.lineTo(x + (rng() - 0.5) * w, y + (rng() - 0.5) * h);
    }
    if (k < 0.6 && rng() < 0.7) ctx.fill();
    else ctx.stroke();
  }
}

/**
 * Upright strokes in a band or over the whole frame: grass, reeds, a fence, hair, the trunks of a
 * wood. A detector's line on them can read as a condensed hand: the text-free images answered on the
 * independent calibration split are crops of one photograph of a spruce wood (11 of 152, session
 * 26), and the measuring split's misses were mostly such photographs named Amatic SC (session 25).
 */
function blades(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  gradientFill(ctx, rng, w, h);
  if (rng() < 0.35) {
    // Trunks of a wood, posts, pillars: upright strokes the full height, wide and narrow, near and far.
    const n = 8 + Math.floor(rng() * 60);
    const lum = rng() * 255;
    for (let i = 0; i < n; i++) {
      const far = rng();
      const x = rng() * w;
      const width = w * (far < 0.6 ? 0.002 + rng() * 0.008 : 0.01 + rng() * 0.05);
      const lean = (rng() - 0.5) * 0.08 * h;
      ctx.globalAlpha = 0.4 + rng() * 0.6;
      ctx.fillStyle = rgb(rng, far < 0.6 ? lum + 40 : lum - 40, 60);
      const top = rng() < 0.5 ? 0 : rng() * h * 0.3;
      const bottom = h * (0.55 + rng() * 0.45);
      ctx.beginPath();
      ctx.moveTo(x + lean - width * 0.35, top);
      ctx.lineTo(x + lean + width * 0.35, top);
      ctx.lineTo(x + width / 2, bottom);
      ctx.lineTo(x - width / 2, bottom);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    return;
  }
  const bands = 1 + Math.floor(rng() * 3);
  for (let b = 0; b < bands; b++) {
    const top = h * rng() * 0.8;
    const depth = h * (0.05 + rng() * 0.5);
    const n = 20 + Math.floor(rng() * 400);
    const lum = rng() * 255;
    const lean = (rng() - 0.5) * 0.6;
    const regular = rng() < 0.3;
    const step = w / n;
    for (let i = 0; i < n; i++) {
      const x = regular ? i * step + rng() * step * 0.2 : rng() * w;
      const len = depth * (regular ? 0.9 + rng() * 0.2 : 0.2 + rng());
      const y0 = top + depth - rng() * depth * 0.2;
      ctx.globalAlpha = 0.3 + rng() * 0.7;
      ctx.strokeStyle = rgb(rng, lum, 100);
      ctx.lineWidth = 0.6 + rng() * (regular ? step * 0.5 : 3);
      ctx.lineCap = rng() < 0.5 ? "round" : "butt";
      ctx.beginPath();
      ctx.moveTo(x, y0);
      const tip = x + (lean + (rng() - 0.5) * 0.4) * len;
      ctx.quadraticCurveTo(x + (tip - x) * 0.3, y0 - len * 0.6, tip, y0 - len);
      ctx.stroke();
    }
  }
  ctx.globalAlpha = 1;
}

/**
 * Rows of like objects: dates along a bowl's rim, beads, pebbles, coffee beans, cups on a shelf. Shaded
 * blobs of one size side by side at one height read to a line detector as a word of heavy letters:
 * a gate trained on the detector's lines over text drawn on product shots named the row of dates in
 * the studio's photograph media/nawat-side.jpg a font (session 26). Nothing of that photograph is
 * drawn from; it is never trained on (GATE_EVAL_PHOTOS).
 */
function objectRows(ctx: SKRSContext2D, rng: Rng, w: number, h: number): void {
  gradientFill(ctx, rng, w, h);
  const rows = rng() < 0.65 ? 1 : 2 + Math.floor(rng() * 3);
  const size = Math.min(w, h) * (0.03 + rng() * 0.14);
  const aspect = rng() < 0.55 ? 1.4 + rng() * 1.3 : 0.8 + rng() * 0.5;
  const shape = rng();
  const lum = rng() < 0.7 ? 20 + rng() * 110 : 110 + rng() * 140;
  const left = w * rng() * 0.35;
  const right = w - w * rng() * 0.35;
  const baseY = h * (0.25 + rng() * 0.5);
  // A vessel's rim or a shelf under the row, half of the time.
  if (rng() < 0.5) {
    const g = ctx.createLinearGradient(0, baseY, 0, baseY + size * 3);
    g.addColorStop(0, rgb(rng, lum + 40, 40));
    g.addColorStop(1, rgb(rng, lum - 10, 40));
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.roundRect(left - size, baseY + size * 0.3, right - left + size * 2, size * (1 + rng() * 3), size * rng());
    ctx.fill();
  }
  const curve = rng() < 0.4 ? size * (0.5 + rng() * 2) : 0;
  for (let r = 0; r < rows; r++) {
    const y0 = baseY - r * size * (0.7 + rng() * 0.4);
    const gap = size * aspect * (0.65 + rng() * 0.6);
    for (let x = left + rng() * gap; x < right; x += gap * (0.8 + rng() * 0.4)) {
      const t = (x - left) / Math.max(1, right - left) - 0.5;
      const cx = x;
      const cy = y0 - curve * (1 - 4 * t * t) + (rng() - 0.5) * size * 0.25;
      const rx = (size * aspect * (0.8 + rng() * 0.4)) / 2;
      const ry = (size * (0.8 + rng() * 0.4)) / 2;
      const tilt = (rng() - 0.5) * 0.5;
      ctx.globalAlpha = 0.25;
      ctx.fillStyle = "#000";
      ctx.beginPath();
      ctx.ellipse(cx + rx * 0.1, cy + ry * 0.8, rx, ry * 0.35, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.globalAlpha = 1;
      const g = ctx.createRadialGradient(cx - rx * 0.3, cy - ry * 0.4, 0, cx, cy, Math.max(rx, ry) * 1.1);
      g.addColorStop(0, rgb(rng, lum + 70, 30));
      g.addColorStop(0.45, rgb(rng, lum, 30));
      g.addColorStop(1, rgb(rng, lum - 40, 30));
      ctx.fillStyle = g;
      ctx.beginPath();
      if (shape < 0.7) ctx.ellipse(cx, cy, rx, ry, tilt, 0, Math.PI * 2);
      else ctx.roundRect(cx - rx, cy - ry, rx * 2, ry * 2, Math.min(rx, ry) * (0.2 + rng() * 0.6));
      ctx.fill();
      // Wrinkles of a date, the grain of a bead.
      ctx.strokeStyle = rgb(rng, lum - 30, 20);
      ctx.lineWidth = 0.5 + rng() * 1.5;
      for (let k = Math.floor(rng() * 4); k > 0; k--) {
        ctx.globalAlpha = 0.2 + rng() * 0.4;
        ctx.beginPath();
        ctx.ellipse(cx, cy, rx * (0.3 + rng() * 0.6), ry * (0.2 + rng() * 0.5), tilt, rng() * 3, rng() * 3 + 1);
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
    }
  }
}

/** Text-free kinds drawn for the gate's scenes: upright strokes (blades) and rows of like objects. */
type SceneNegativeKind = "blades" | "rows";

/** A text-free image of upright strokes or of rows of objects, photo-like degraded, for the gate's scenes. */
export async function sceneNegativeImage(rng: Rng, kind: SceneNegativeKind, w: number, h: number): Promise<GrayImage> {
  let g = await canvasKind(rng, w, h, kind);
  if (rng() < 0.4) g = blur(g, 0.4 + rng() * 1.5);
  if (rng() < 0.3) g = noise(g, rng, 2 + rng() * 8);
  if (rng() < 0.3) g = lighting(g, rng, 0.1 + rng() * 0.4);
  if (rng() < 0.5) g = await jpeg(g, 30 + Math.floor(rng() * 60));
  return g;
}

function canvasKind(rng: Rng, w: number, h: number, kind: string): Promise<GrayImage> {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  if (kind === "product") productShot(ctx, rng, w, h);
  else if (kind === "texture") texture(ctx, rng, w, h);
  else if (kind === "scribble") scribble(ctx, rng, w, h);
  else if (kind === "shapes") shapes(ctx, rng, w, h);
  else if (kind === "gradient") gradientFill(ctx, rng, w, h);
  else if (kind === "blades") blades(ctx, rng, w, h);
  else if (kind === "rows") objectRows(ctx, rng, w, h);
  else {
    // Plain noise over a flat or graded field.
    gradientFill(ctx, rng, w, h);
  }
  const { data } = ctx.getImageData(0, 0, w, h);
  return rgbaToGray(new Uint8Array(data.buffer, data.byteOffset, data.length), w, h);
}

async function photoCrop(rng: Rng, photos: string[], w: number, h: number): Promise<GrayImage> {
  const src = await photo(photos[Math.floor(rng() * photos.length)]!);
  const scale = 0.15 + rng() * 0.85;
  const cw = Math.max(16, Math.min(src.width, Math.round(src.width * scale)));
  const ch = Math.max(16, Math.min(src.height, Math.round((cw * h) / w)));
  const x = Math.floor(rng() * (src.width - cw + 1));
  const y = Math.floor(rng() * (src.height - ch + 1));
  return resampleGray(cropGray(src, { x, y, w: cw, h: ch }), w, h);
}

export const NEGATIVE_KINDS = ["photo", "product", "texture", "scribble", "shapes", "gradient", "noise"] as const;
export type NegativeKind = (typeof NEGATIVE_KINDS)[number];

/** A text-free image of the given kind, photo-like degraded. */
export async function negativeImage(
  rng: Rng,
  kind: NegativeKind,
  photos: string[] = GATE_TRAIN_PHOTOS,
  size?: { w: number; h: number },
): Promise<GrayImage> {
  const long = size ? Math.max(size.w, size.h) : Math.round(120 + rng() * 900);
  const aspect = 0.25 + rng() * 1.75;
  const w = size?.w ?? Math.max(32, Math.round(aspect >= 1 ? long : long * aspect));
  const h = size?.h ?? Math.max(32, Math.round(aspect >= 1 ? long / aspect : long));
  let g = kind === "photo" ? await photoCrop(rng, photos, w, h) : await canvasKind(rng, w, h, kind);
  if (kind === "noise" || rng() < 0.3) g = noise(g, rng, kind === "noise" ? 5 + rng() * 40 : 2 + rng() * 8);
  if (rng() < 0.3) g = blur(g, 0.5 + rng() * 3);
  if (rng() < 0.25) g = lighting(g, rng, 0.1 + rng() * 0.4);
  if (rng() < 0.2) g = perspective(g, rng, 0.02 + rng() * 0.05);
  if (rng() < 0.4) g = await jpeg(g, 30 + Math.floor(rng() * 60));
  return g;
}

/** A text image: one line in one family, augmented as in training; text strings of every kind. */
export async function textImage(
  rng: Rng,
  family: LibraryFamily,
  opts: { readable: boolean; set?: "train" | "heldOut" },
): Promise<{ gray: GrayImage; fontSizePx: number }> {
  const set = opts.set ?? "train";
  const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
  const r = rng();
  const text =
    r < 0.15
      ? digitLine(rng, family.script)
      : r < 0.3
        ? shortWord(rng, family.script, set)
        : makeLine(rng, family.script, set);
  const fontSize = Math.round(Math.exp(Math.log(12) + rng() * (Math.log(72) - Math.log(12))));
  let { gray, fontSizePx } = await renderSample(rng, family, variant, text, { fontSize, augment: true });
  if (!opts.readable) {
    if (rng() < 0.5) {
      // Too small: a few pixels high.
      const target = 3 + rng() * 3;
      const f = Math.min(1, target / fontSizePx);
      gray = resampleGray(gray, Math.max(8, Math.round(gray.width * f)), Math.max(8, Math.round(gray.height * f)));
      fontSizePx *= f;
      // Upscaled again, as a screenshot zoomed in or a phone photo of a distant label.
      if (rng() < 0.6) {
        const up = 2 + rng() * 4;
        gray = resampleGray(gray, Math.round(gray.width * up), Math.round(gray.height * up));
        fontSizePx *= up;
        gray = blur(gray, up * 0.4);
      }
    } else {
      // Too blurry: blur on the order of the stroke-to-letter scale.
      gray = blur(gray, fontSizePx * (0.22 + rng() * 0.25));
    }
    if (rng() < 0.5) gray = noise(gray, rng, 2 + rng() * 6);
    if (rng() < 0.4) gray = await jpeg(gray, 30 + Math.floor(rng() * 50));
  }
  return { gray, fontSizePx };
}

/** Pastes `fg` into `bg` at (x, y) with a soft-edged blend of its own background. */
export function paste(bg: GrayImage, fg: GrayImage, x: number, y: number): GrayImage {
  const out = new Uint8Array(bg.data);
  for (let j = 0; j < fg.height; j++) {
    const yy = y + j;
    if (yy < 0 || yy >= bg.height) continue;
    for (let i = 0; i < fg.width; i++) {
      const xx = x + i;
      if (xx < 0 || xx >= bg.width) continue;
      out[yy * bg.width + xx] = fg.data[j * fg.width + i]!;
    }
  }
  return { width: bg.width, height: bg.height, data: out };
}
