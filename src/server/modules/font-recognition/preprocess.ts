// Finds text lines in a grayscale image and turns them into the model's input. The dataset generator,
// the evaluation and the server all call this file, so the model always sees the same preparation.
import { InvalidBoxError, NoTextFoundError } from './errors.ts';
import type { GrayImage } from './image-input.ts';

export const MODEL_INPUT_HEIGHT = 48;
export const MODEL_INPUT_WIDTH = 192;
/** Layout analysis runs on a copy no larger than this on its long side. */
const WORK_MAX_SIDE = 800;
/** A line shorter than this (in original pixels) is too small to recognise a font from. */
const MIN_LINE_HEIGHT = 8;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TextLine {
  /** The line's box in original image pixels, before padding. */
  box: Box;
  /** Height of the ink of the whole line (ascenders to descenders), original pixels. */
  lineHeight: number;
  /** Height of the dense core of the line (about the x-height for Latin), original pixels. */
  coreHeight: number;
  /** Ink strength 0..1 of the padded crop, text bright on black, at original resolution. */
  ink: Float32Array;
  inkWidth: number;
  inkHeight: number;
  /** Share of the image's detected ink in this line. */
  mass: number;
}

export interface LayoutOptions {
  box?: Box;
  maxLines?: number;
}

/**
 * Polarity and lighting are normalised together: the background is estimated per tile from the
 * pixels on the background side of the histogram, and ink is the distance from it toward the text's
 * side, so dark-on-light, light-on-dark and unevenly lit photos all become bright text on black.
 */
export function findTextLines(image: GrayImage, options: LayoutOptions = {}): TextLine[] {
  const region = options.box ? clampBox(options.box, image) : { x: 0, y: 0, w: image.width, h: image.height };
  const src = options.box ? cropGray(image, region) : image;
  const factor = Math.ceil(Math.max(src.width, src.height) / WORK_MAX_SIDE);
  const work = factor > 1 ? shrinkGray(src, factor) : src;
  const sx = factor > 1 ? 1 / factor : 1;
  const sy = sx;

  // Text is the long tail of deviations from the local median: below it for dark text, above it for light.
  const median = estimateBackground(work, 0.5);
  const medianMap = backgroundMap(median, 1, 1, 0, 0, work.width, work.height);
  const devHist = new Uint32Array(511);
  for (let i = 0; i < work.data.length; i++) devHist[(work.data[i]! - medianMap[i]! + 255.5) | 0]!++;
  const low = 255 - histPercentile(devHist, work.data.length, 0.003);
  const high = histPercentile(devHist, work.data.length, 0.997) - 255;
  const darkText = low >= high;
  if (Math.max(low, high) < 16) throw new NoTextFoundError('No text was found in the image');

  const bg = estimateBackground(work, darkText ? 0.9 : 0.1);
  const workInk = inkMap(work, bg, darkText, 1, 1, 0, 0, work.width, work.height);
  // Scale by the strong end of the ink so faint lighting residue stays below the text threshold.
  const inkScale = Math.max(24, 0.85 * inkPercentile(workInk, 8, 0.995));
  const mask = new Uint8Array(workInk.length);
  for (let i = 0; i < mask.length; i++) mask[i] = workInk[i]! / inkScale > 0.4 ? 1 : 0;
  despeckle(mask, work.width, work.height);

  const bands = findBands(mask, work.width, work.height);
  const total = bands.reduce((s, b) => s + b.mass, 0);
  const chosen = bands
    .filter((b) => b.mass >= 0.25 * (bands[0]?.mass ?? 0))
    .slice(0, options.maxLines ?? 3);
  const lines: TextLine[] = [];
  for (const band of chosen) {
    const ox0 = Math.floor(band.x0 / sx);
    const ox1 = Math.min(src.width, Math.ceil((band.x1 + 1) / sx));
    const oy0 = Math.floor(band.y0 / sy);
    const oy1 = Math.min(src.height, Math.ceil((band.y1 + 1) / sy));
    const h = oy1 - oy0;
    if (h < MIN_LINE_HEIGHT || ox1 - ox0 < MIN_LINE_HEIGHT) continue;
    const pad = Math.round(h * 0.12);
    const cx0 = Math.max(0, ox0 - pad);
    const cx1 = Math.min(src.width, ox1 + pad);
    const cy0 = Math.max(0, oy0 - pad);
    const cy1 = Math.min(src.height, oy1 + pad);
    const raw = inkMap(src, bg, darkText, sx, sy, cx0, cy0, cx1 - cx0, cy1 - cy0);
    const ink = new Float32Array(raw.length);
    for (let i = 0; i < raw.length; i++) ink[i] = Math.min(1, raw[i]! / inkScale);
    const { lineHeight, coreHeight } = measureHeights(ink, cx1 - cx0, cy1 - cy0);
    lines.push({
      box: { x: ox0 + region.x, y: oy0 + region.y, w: ox1 - ox0, h },
      lineHeight,
      coreHeight,
      ink,
      inkWidth: cx1 - cx0,
      inkHeight: cy1 - cy0,
      mass: band.mass / Math.max(1, total),
    });
  }
  if (lines.length === 0) throw new NoTextFoundError('No text was found in the image');
  return lines;
}

/**
 * Scales a line to the model's height and cuts windows of the model's width. Inference takes up to
 * `maxCrops` evenly spaced windows (their outputs are averaged); training passes `random` to take one
 * window at a random place.
 */
export function lineToModelInputs(line: TextLine, maxCrops = 3, random?: () => number): Float32Array[] {
  const H = MODEL_INPUT_HEIGHT;
  const W = MODEL_INPUT_WIDTH;
  const width = Math.max(1, Math.round((line.inkWidth * H) / line.inkHeight));
  const scaled = resampleFloat(line.ink, line.inkWidth, line.inkHeight, width, H);
  if (width <= W) {
    const out = new Float32Array(H * W);
    const off = random ? Math.floor(random() * (W - width + 1)) : Math.floor((W - width) / 2);
    for (let y = 0; y < H; y++) out.set(scaled.subarray(y * width, (y + 1) * width), y * W + off);
    return [out];
  }
  const n = random ? 1 : Math.min(maxCrops, Math.ceil(width / W));
  const crops: Float32Array[] = [];
  for (let k = 0; k < n; k++) {
    const x0 = random ? Math.floor(random() * (width - W + 1)) : n === 1 ? Math.floor((width - W) / 2) : Math.round((k * (width - W)) / (n - 1));
    const out = new Float32Array(H * W);
    for (let y = 0; y < H; y++) out.set(scaled.subarray(y * width + x0, y * width + x0 + W), y * W);
    crops.push(out);
  }
  return crops;
}

/** Line height and core height of an ink crop, from the row profile of its strong ink. */
export function measureHeights(ink: Float32Array, width: number, height: number): { lineHeight: number; coreHeight: number } {
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let s = 0;
    for (let x = 0; x < width; x++) s += ink[y * width + x]! > 0.4 ? 1 : 0;
    rows[y] = s;
  }
  const total = rows.reduce((a, b) => a + b, 0);
  if (total === 0) return { lineHeight: 0, coreHeight: 0 };
  // Ink extent between the 0.5% and 99.5% of row mass: robust to a stray speck.
  let acc = 0;
  let top = 0;
  let bottom = height - 1;
  for (let y = 0; y < height; y++) {
    acc += rows[y]!;
    if (acc >= total * 0.005) {
      top = y;
      break;
    }
  }
  acc = 0;
  for (let y = height - 1; y >= 0; y--) {
    acc += rows[y]!;
    if (acc >= total * 0.005) {
      bottom = y;
      break;
    }
  }
  let peak = top;
  for (let y = top; y <= bottom; y++) if (rows[y]! > rows[peak]!) peak = y;
  const thr = rows[peak]! * 0.5;
  let c0 = peak;
  let c1 = peak;
  while (c0 > top && rows[c0 - 1]! >= thr) c0--;
  while (c1 < bottom && rows[c1 + 1]! >= thr) c1++;
  return { lineHeight: bottom - top + 1, coreHeight: c1 - c0 + 1 };
}

interface Band {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
  mass: number;
}

function findBands(mask: Uint8Array, width: number, height: number): Band[] {
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let s = 0;
    for (let x = 0; x < width; x++) s += mask[y * width + x]!;
    rows[y] = s;
  }
  const maxRow = Math.max(...rows);
  if (maxRow === 0) return [];
  const thr = Math.max(1, maxRow * 0.04);
  let spans: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= height; y++) {
    const on = y < height && rows[y]! >= thr;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      spans.push([start, y - 1]);
      start = -1;
    }
  }
  // Dots, diacritics and descenders can leave thin gaps inside one line: join spans split by a gap
  // that is small next to the lines around it.
  const merged: [number, number][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last) {
      const gap = s[0] - last[1] - 1;
      const ref = Math.max(last[1] - last[0] + 1, s[1] - s[0] + 1);
      const small = Math.min(last[1] - last[0] + 1, s[1] - s[0] + 1);
      if (gap <= Math.max(1, ref * 0.15) || (small < ref * 0.35 && gap <= ref * 0.4)) {
        last[1] = s[1];
        continue;
      }
    }
    merged.push([s[0], s[1]]);
  }
  spans = merged;
  const bands: Band[] = [];
  for (const [y0, y1] of spans) {
    const cols = new Float64Array(width);
    let mass = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = 0; x < width; x++) {
        const v = mask[y * width + x]!;
        cols[x]! += v;
        mass += v;
      }
    }
    if (mass < 12) continue;
    let acc = 0;
    let x0 = 0;
    let x1 = width - 1;
    for (let x = 0; x < width; x++) {
      acc += cols[x]!;
      if (acc >= mass * 0.002) {
        x0 = x;
        break;
      }
    }
    acc = 0;
    for (let x = width - 1; x >= 0; x--) {
      acc += cols[x]!;
      if (acc >= mass * 0.002) {
        x1 = x;
        break;
      }
    }
    bands.push({ y0, y1, x0, x1, mass });
  }
  return bands.sort((a, b) => b.mass - a.mass);
}

/** Removes isolated pixels (noise, JPEG ringing) from a binary mask, in place. */
function despeckle(mask: Uint8Array, width: number, height: number): void {
  const copy = mask.slice();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!copy[i]) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width || (dx === 0 && dy === 0)) continue;
          n += copy[yy * width + xx]!;
        }
      }
      if (n < 2) mask[i] = 0;
    }
  }
}

interface Background {
  tile: number;
  cols: number;
  rows: number;
  values: Float32Array;
}

/**
 * A percentile per tile: with q = 0.9 for dark text, each tile's value is its background as long as
 * text covers less than 90% of it, which holds because a tile is at least a third of the image's
 * shorter side. Bilinear interpolation between tile centres follows smooth lighting changes.
 */
function estimateBackground(image: GrayImage, q: number): Background {
  const tile = Math.max(24, Math.round(Math.min(image.width, image.height) / 3));
  const cols = Math.max(1, Math.ceil(image.width / tile));
  const rows = Math.max(1, Math.ceil(image.height / tile));
  const raw = new Float32Array(cols * rows);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      const hist = new Uint32Array(256);
      let n = 0;
      for (let y = ty * tile; y < Math.min(image.height, (ty + 1) * tile); y++) {
        for (let x = tx * tile; x < Math.min(image.width, (tx + 1) * tile); x++) {
          hist[image.data[y * image.width + x]!]!++;
          n++;
        }
      }
      raw[ty * cols + tx] = histPercentile(hist, n, q);
    }
  }
  return { tile, cols, rows, values: raw };
}

/** The background of a region of the source image, interpolated from the tile grid. */
function backgroundMap(bg: Background, sx: number, sy: number, x0: number, y0: number, w: number, h: number): Float32Array {
  const cx0 = new Int32Array(w);
  const cx1 = new Int32Array(w);
  const cax = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(bg.cols - 1, Math.max(0, ((x0 + x) * sx) / bg.tile - 0.5));
    cx0[x] = Math.floor(fx);
    cx1[x] = Math.min(bg.cols - 1, cx0[x]! + 1);
    cax[x] = fx - cx0[x]!;
  }
  const out = new Float32Array(w * h);
  const v = bg.values;
  const rowVals = new Float32Array(bg.cols);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bg.rows - 1, Math.max(0, ((y0 + y) * sy) / bg.tile - 0.5));
    const ty0 = Math.floor(fy);
    const ty1 = Math.min(bg.rows - 1, ty0 + 1);
    const ay = fy - ty0;
    for (let c = 0; c < bg.cols; c++) rowVals[c] = v[ty0 * bg.cols + c]! * (1 - ay) + v[ty1 * bg.cols + c]! * ay;
    for (let x = 0; x < w; x++) out[y * w + x] = rowVals[cx0[x]!]! * (1 - cax[x]!) + rowVals[cx1[x]!]! * cax[x]!;
  }
  return out;
}

/** Ink (0..255) of a region of `image`; `sx`,`sy` map its pixels onto the background grid's scale. */
function inkMap(image: GrayImage, bg: Background, darkText: boolean, sx: number, sy: number, x0: number, y0: number, w: number, h: number): Float32Array {
  const out = backgroundMap(bg, sx, sy, x0, y0, w, h);
  for (let y = 0; y < h; y++) {
    const row = (y0 + y) * image.width + x0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const d = darkText ? out[i]! - image.data[row + x]! : image.data[row + x]! - out[i]!;
      out[i] = d > 0 ? d : 0;
    }
  }
  return out;
}

function clampBox(box: Box, image: GrayImage): Box {
  if (![box.x, box.y, box.w, box.h].every(Number.isFinite)) throw new InvalidBoxError('The selection box is not a set of numbers');
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.w));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.h));
  if (x1 - x0 < MIN_LINE_HEIGHT || y1 - y0 < MIN_LINE_HEIGHT) throw new InvalidBoxError('The selection box is outside the image or too small');
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

export function cropGray(image: GrayImage, box: Box): GrayImage {
  const data = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++) data.set(image.data.subarray((box.y + y) * image.width + box.x, (box.y + y) * image.width + box.x + box.w), y * box.w);
  return { width: box.w, height: box.h, data };
}

/** Averages `k`x`k` blocks: a fast, alias-free reduction for layout analysis. */
export function shrinkGray(image: GrayImage, k: number): GrayImage {
  const w = Math.max(1, Math.floor(image.width / k));
  const h = Math.max(1, Math.floor(image.height / k));
  const acc = new Uint32Array(w);
  const data = new Uint8Array(w * h);
  const area = k * k;
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < k; dy++) {
      const row = (y * k + dy) * image.width;
      for (let x = 0; x < w; x++) {
        let s = 0;
        const base = row + x * k;
        for (let dx = 0; dx < k; dx++) s += image.data[base + dx]!;
        acc[x]! += s;
      }
    }
    for (let x = 0; x < w; x++) data[y * w + x] = (acc[x]! / area + 0.5) | 0;
  }
  return { width: w, height: h, data };
}

export function resampleGray(image: GrayImage, dw: number, dh: number): GrayImage {
  const f = new Float32Array(image.data.length);
  for (let i = 0; i < f.length; i++) f[i] = image.data[i]!;
  const r = resampleFloat(f, image.width, image.height, dw, dh);
  const data = new Uint8Array(r.length);
  for (let i = 0; i < r.length; i++) data[i] = Math.round(r[i]!);
  return { width: dw, height: dh, data };
}

/** Area-averaging when shrinking, bilinear when enlarging, separably. */
export function resampleFloat(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const tmp = new Float32Array(dw * sh);
  for (let y = 0; y < sh; y++) resample1d(src, y * sw, 1, sw, tmp, y * dw, 1, dw);
  const out = new Float32Array(dw * dh);
  for (let x = 0; x < dw; x++) resample1d(tmp, x, dw, sh, out, x, dw, dh);
  return out;
}

function resample1d(src: Float32Array, so: number, ss: number, sn: number, dst: Float32Array, d0: number, ds: number, dn: number): void {
  const ratio = sn / dn;
  if (ratio > 1) {
    for (let i = 0; i < dn; i++) {
      const a = i * ratio;
      const b = a + ratio;
      let acc = 0;
      for (let j = Math.floor(a); j < Math.ceil(b) && j < sn; j++) {
        const w = Math.min(b, j + 1) - Math.max(a, j);
        acc += src[so + j * ss]! * w;
      }
      dst[d0 + i * ds] = acc / ratio;
    }
  } else {
    for (let i = 0; i < dn; i++) {
      const p = Math.min(sn - 1, Math.max(0, (i + 0.5) * ratio - 0.5));
      const j = Math.floor(p);
      const t = p - j;
      const j1 = Math.min(sn - 1, j + 1);
      dst[d0 + i * ds] = src[so + j * ss]! * (1 - t) + src[so + j1 * ss]! * t;
    }
  }
}

function histPercentile(hist: Uint32Array, n: number, q: number): number {
  const target = q * n;
  let acc = 0;
  for (let v = 0; v < hist.length; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return hist.length - 1;
}

/** Percentile of the ink values above `floor` (ink is 0..255). */
function inkPercentile(values: Float32Array, floor: number, q: number): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > floor) {
      hist[Math.min(255, Math.round(v))]!++;
      n++;
    }
  }
  return n === 0 ? 0 : histPercentile(hist, n, q);
}
