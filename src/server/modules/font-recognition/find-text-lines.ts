// Finds the text lines of a grayscale image: where each line is, how tall its letters are, and its ink
// as bright text on black. The dataset generator, the evaluation and the server all call this, so
// the model always sees the same preparation.
import { InvalidBoxError, NoTextFoundError } from "./errors.ts";
import type { GrayImage } from "./image-input.ts";
import {
  backgroundMap,
  cropGray,
  despeckle,
  estimateBackground,
  histPercentile,
  inkMap,
  inkPercentile,
  otsuThreshold,
  shrinkGray,
  type Background,
  type Box,
} from "./image-ops.ts";

/** Layout analysis runs on a copy no larger than this on its long side. */
const WORK_MAX_SIDE = 800;
/** A line shorter than this (in original pixels) is too small to recognise a font from. */
const MIN_LINE_HEIGHT = 8;
/** A band at least this tall (work pixels) whose box is inked over this share is a shape, not text. */
const SOLID_MIN_HEIGHT = 10;
const SOLID_DENSITY = 0.9;
/** Polarity: the shorter deviation tail above this share of the longer one leaves the tails undecided. */
const BOTH_TAILS = 0.5;
/** Share of the frame on one side of Otsu's threshold for the frame to count as one tone. */
const FRAME_ONE_TONE = 0.9;

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

/** How one image's ink is read: the background, which side of it the text is on, and full strength. */
interface InkReading {
  bg: Background;
  darkText: boolean;
  /** Ink (0..255) at or above this is full strength. */
  inkScale: number;
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
  const scale = factor > 1 ? 1 / factor : 1;

  const darkText = isDarkText(work);
  const bg = estimateBackground(work, darkText ? 0.9 : 0.1);
  const { mask, inkScale } = textMask(work, bg, darkText);
  const bands = findBands(mask, work.width, work.height);
  const total = bands.reduce((s, b) => s + b.mass, 0);
  const chosen = bands.filter((b) => b.mass >= 0.25 * (bands[0]?.mass ?? 0)).slice(0, options.maxLines ?? 3);
  const lines: TextLine[] = [];
  for (const band of chosen) {
    const line = bandToLine(src, band, scale, { bg, darkText, inkScale });
    if (!line) continue;
    const box = { ...line.box, x: line.box.x + region.x, y: line.box.y + region.y };
    lines.push({ ...line, box, mass: band.mass / Math.max(1, total) });
  }
  if (lines.length === 0) throw new NoTextFoundError("No text was found in the image");
  return lines;
}

/** Text is the long tail of deviations from the local median: below it for dark text, above it for light. */
function isDarkText(work: GrayImage): boolean {
  const median = estimateBackground(work, 0.5);
  const medianMap = backgroundMap(median, 1, 1, 0, 0, work.width, work.height);
  const devHist = new Uint32Array(511);
  for (let i = 0; i < work.data.length; i++) devHist[(work.data[i]! - medianMap[i]! + 255.5) | 0]!++;
  const low = 255 - histPercentile(devHist, work.data.length, 0.003);
  const high = histPercentile(devHist, work.data.length, 0.997) - 255;
  if (Math.max(low, high) < 16) throw new NoTextFoundError("No text was found in the image");
  // Both tails long: the tiles inside the letters of a heavy face set large took the ink for their
  // median, so its deviations run both ways. The image's frame then says which tone is the ground,
  // when the frame is one tone (a line, a screenshot); otherwise the longer tail still decides.
  if (Math.min(low, high) > BOTH_TAILS * Math.max(low, high)) {
    const frame = frameTone(work);
    if (frame !== undefined) return frame === "light";
  }
  return low >= high;
}

/** The tone of the image's outer frame, split at Otsu's threshold: undefined when it is not one tone. */
function frameTone(work: GrayImage): "light" | "dark" | undefined {
  const { width, height, data } = work;
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  const threshold = otsuThreshold(hist);
  const ring = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  let light = 0;
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (y >= ring && y < height - ring && x >= ring && x < width - ring) continue;
      n++;
      if (data[y * width + x]! > threshold) light++;
    }
  const share = light / Math.max(1, n);
  return share >= FRAME_ONE_TONE ? "light" : share <= 1 - FRAME_ONE_TONE ? "dark" : undefined;
}

/** The pixels of `work` strong enough to be text, and the ink strength that counts as full. */
function textMask(work: GrayImage, bg: Background, darkText: boolean): { mask: Uint8Array; inkScale: number } {
  const workInk = inkMap(work, bg, darkText, 1, 1, 0, 0, work.width, work.height);
  // Scale by the strong end of the ink so faint lighting residue stays below the text threshold.
  const inkScale = Math.max(24, 0.85 * inkPercentile(workInk, 8, 0.995));
  const mask = new Uint8Array(workInk.length);
  for (let i = 0; i < mask.length; i++) mask[i] = workInk[i]! / inkScale > 0.4 ? 1 : 0;
  despeckle(mask, work.width, work.height);
  return { mask, inkScale };
}

/**
 * A band found on the working copy, back in `src` pixels (`scale` is work pixels per src pixel), with
 * its padded ink at full resolution; undefined when the line is too small to read.
 */
function bandToLine(
  src: GrayImage,
  band: Band,
  scale: number,
  reading: InkReading,
): Omit<TextLine, "mass"> | undefined {
  const ox0 = Math.floor(band.x0 / scale);
  const ox1 = Math.min(src.width, Math.ceil((band.x1 + 1) / scale));
  const oy0 = Math.floor(band.y0 / scale);
  const oy1 = Math.min(src.height, Math.ceil((band.y1 + 1) / scale));
  const h = oy1 - oy0;
  if (h < MIN_LINE_HEIGHT || ox1 - ox0 < MIN_LINE_HEIGHT) return undefined;
  const pad = Math.round(h * 0.12);
  const cx0 = Math.max(0, ox0 - pad);
  const cx1 = Math.min(src.width, ox1 + pad);
  const cy0 = Math.max(0, oy0 - pad);
  const cy1 = Math.min(src.height, oy1 + pad);
  const raw = inkMap(src, reading.bg, reading.darkText, scale, scale, cx0, cy0, cx1 - cx0, cy1 - cy0);
  const ink = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i++) ink[i] = Math.min(1, raw[i]! / reading.inkScale);
  const { lineHeight, coreHeight } = measureHeights(ink, cx1 - cx0, cy1 - cy0);
  return {
    box: { x: ox0, y: oy0, w: ox1 - ox0, h },
    lineHeight,
    coreHeight,
    ink,
    inkWidth: cx1 - cx0,
    inkHeight: cy1 - cy0,
  };
}

/** Line height and core height of an ink crop, from the row profile of its strong ink. */
export function measureHeights(
  ink: Float32Array,
  width: number,
  height: number,
): { lineHeight: number; coreHeight: number } {
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
    // A solid block (a button, a bar, a photo's dark patch) is not a line of text, however much ink it
    // has: even the blackest display type leaves half of a tall line's box empty.
    const h = y1 - y0 + 1;
    if (h >= SOLID_MIN_HEIGHT && mass > SOLID_DENSITY * h * (x1 - x0 + 1)) continue;
    bands.push({ y0, y1, x0, x1, mass });
  }
  return bands.sort((a, b) => b.mass - a.mass);
}

function clampBox(box: Box, image: GrayImage): Box {
  if (![box.x, box.y, box.w, box.h].every(Number.isFinite))
    throw new InvalidBoxError("The selection box is not a set of numbers");
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.w));
  const y1 = Math.min(image.height, Math.ceil(box.y + box.h));
  if (x1 - x0 < MIN_LINE_HEIGHT || y1 - y0 < MIN_LINE_HEIGHT)
    throw new InvalidBoxError("The selection box is outside the image or too small");
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
