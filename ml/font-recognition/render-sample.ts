// Draws one text line in one font variant with @napi-rs/canvas, with the augmentation that makes
// screenshots and photos look familiar to the model.
import path from "node:path";
import { createCanvas, GlobalFonts, ImageData, type SKRSContext2D } from "@napi-rs/canvas";
import type { LibraryFamily, LibraryVariant } from "#shared/schemas/font-library.ts";
import { rgbaToGray, type GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import { blur, gaussian, jpeg, lighting, noise, perspective, resampleRoundTrip } from "./degrade.ts";
import type { Rng } from "./text-corpus.ts";

export const repoRoot = path.resolve(import.meta.dirname, "../..");
const registered = new Set<string>();

/** Registers the variant's files (its own script's subset and the other) under one alias. */
export function variantAlias(family: LibraryFamily, variant: LibraryVariant): string {
  const alias = `fr-${family.id}-${variant.weight}${variant.italic ? "i" : ""}`;
  if (!registered.has(alias)) {
    for (const f of variant.files) GlobalFonts.registerFromPath(path.join(repoRoot, f), alias);
    registered.add(alias);
  }
  return alias;
}

export interface RenderOptions {
  fontSize: number;
  /** Apply random backgrounds, geometry and degradations. */
  augment: boolean;
  /**
   * The script of the text (its direction); the family's own by default. A bilingual Arabic family
   * sets Latin text from the Latin file registered under the same alias.
   */
  script?: "arabic" | "latin";
  /**
   * A photographic background of the given size (photo-backgrounds.ts), drawn instead of the painted
   * ones when given: its contrast is lowered around the chosen background luminance, as the stretch of
   * a photograph a person would set text on.
   */
  background?: (w: number, h: number) => Promise<GrayImage>;
}

export interface RenderedSample {
  gray: GrayImage;
  /** Font size in pixels of the returned image. */
  fontSizePx: number;
}

function luminanceColor(rng: Rng, lum: number): string {
  // A colour of roughly the wanted luminance, with a random tint.
  const tint = () => Math.min(255, Math.max(0, lum + (rng() - 0.5) * 90));
  return `rgb(${tint() | 0},${tint() | 0},${tint() | 0})`;
}

function paintBackground(ctx: SKRSContext2D, rng: Rng, w: number, h: number, bgLum: number): void {
  const kind = rng();
  if (kind < 0.45) {
    ctx.fillStyle = luminanceColor(rng, bgLum);
    ctx.fillRect(0, 0, w, h);
  } else if (kind < 0.75) {
    const g = ctx.createLinearGradient(rng() * w, rng() * h, rng() * w, rng() * h);
    g.addColorStop(0, luminanceColor(rng, bgLum + (rng() - 0.5) * 40));
    g.addColorStop(1, luminanceColor(rng, bgLum + (rng() - 0.5) * 40));
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  } else {
    // Textured: paper fibres, plaster or fabric-like blotches.
    ctx.fillStyle = luminanceColor(rng, bgLum);
    ctx.fillRect(0, 0, w, h);
    const n = 20 + Math.floor(rng() * 60);
    for (let i = 0; i < n; i++) {
      ctx.globalAlpha = 0.04 + rng() * 0.1;
      ctx.fillStyle = luminanceColor(rng, bgLum + (rng() - 0.5) * 60);
      ctx.beginPath();
      ctx.ellipse(rng() * w, rng() * h, 2 + rng() * w * 0.2, 2 + rng() * h * 0.3, rng() * Math.PI, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
  }
}

export async function renderSample(
  rng: Rng,
  family: LibraryFamily,
  variant: LibraryVariant,
  text: string,
  opts: RenderOptions,
): Promise<RenderedSample> {
  const alias = variantAlias(family, variant);
  const size = opts.fontSize;
  const probe = createCanvas(8, 8).getContext("2d");
  const spacing = opts.augment && rng() < 0.25 ? (rng() * 0.14 - 0.03) * size : 0;
  probe.font = `${size}px "${alias}"`;
  probe.letterSpacing = `${spacing}px`;
  const textWidth = probe.measureText(text).width;
  const marginX = size * (opts.augment ? 0.3 + rng() * 1.2 : 0.5);
  const marginY = size * (opts.augment ? 0.4 + rng() * 1.0 : 0.6);
  const w = Math.ceil(textWidth + 2 * marginX);
  const h = Math.ceil(size * 1.6 + 2 * marginY);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  const lightOnDark = opts.augment && rng() < 0.25;
  let bgLum = lightOnDark ? 10 + rng() * 90 : 170 + rng() * 85;
  let fgLum = lightOnDark ? 180 + rng() * 75 : rng() * 90;
  if (!opts.augment) {
    bgLum = 255;
    fgLum = 0;
  }
  if (opts.augment && opts.background) {
    const bg = await opts.background(w, h);
    let mean = 0;
    for (const v of bg.data) mean += v;
    mean /= bg.data.length || 1;
    const k = 0.15 + rng() * 0.65;
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      const v = bgLum + (bg.data[i]! - mean) * k;
      rgba[i * 4] = v;
      rgba[i * 4 + 1] = v;
      rgba[i * 4 + 2] = v;
      rgba[i * 4 + 3] = 255;
    }
    ctx.putImageData(new ImageData(rgba, w, h), 0, 0);
  } else if (opts.augment) paintBackground(ctx, rng, w, h, bgLum);
  else {
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, w, h);
  }
  ctx.fillStyle = opts.augment ? luminanceColor(rng, fgLum) : "#000";
  ctx.font = `${size}px "${alias}"`;
  ctx.letterSpacing = `${spacing}px`;
  ctx.textBaseline = "middle";
  const rtl = (opts.script ?? family.script) === "arabic";
  ctx.direction = rtl ? "rtl" : "ltr";
  ctx.textAlign = "center";
  if (opts.augment && rng() < 0.5) {
    ctx.translate(w / 2, h / 2);
    ctx.rotate(((rng() * 2 - 1) * 4 * Math.PI) / 180);
    ctx.translate(-w / 2, -h / 2);
  }
  ctx.fillText(text, w / 2, h / 2);
  const { data } = ctx.getImageData(0, 0, w, h);
  let gray = await rgbaToGray(new Uint8Array(data.buffer, data.byteOffset, data.length), w, h);
  let fontSizePx = size;
  if (!opts.augment) return { gray, fontSizePx };

  if (rng() < 0.3) gray = perspective(gray, rng, 0.02 + rng() * 0.06);
  if (rng() < 0.35) gray = lighting(gray, rng, 0.1 + rng() * 0.4);
  if (rng() < 0.3) gray = resampleRoundTrip(gray, 0.35 + rng() * 0.5);
  if (rng() < 0.35) gray = blur(gray, 0.3 + rng() * 1.2 * Math.min(1, size / 30));
  // The final capture scale: what reaches the decoder is often smaller than what was drawn.
  if (rng() < 0.3) {
    const f = 0.5 + rng() * 0.45;
    const nw = Math.max(8, Math.round(gray.width * f));
    const nh = Math.max(8, Math.round(gray.height * f));
    fontSizePx = (size * nh) / gray.height;
    gray = resampleGray(gray, nw, nh);
  }
  if (rng() < 0.35) gray = noise(gray, rng, 2 + Math.abs(gaussian(rng)) * 6);
  if (rng() < 0.4) gray = await jpeg(gray, 30 + Math.floor(rng() * 60));
  return { gray, fontSizePx };
}
