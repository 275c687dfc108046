// The text detector (decision 0045, "The text detector"): where the lines are in a whole image, on
// any background and however small, without a box from the user. A DBNet-style network
// (train_detector.py) gives, at a quarter of the input's resolution, the probability that a cell lies
// on a line's shrunk core; the lines are the connected components above a bar, each grown back by
// DBNet's unclip.
import type { InferenceSession } from "onnxruntime-node";
import { Tensor } from "onnxruntime-node";
import type { GrayImage } from "./image-input.ts";
import { resampleGray, type Box } from "./image-ops.ts";

export interface DetectorConfig {
  input: { name: string; multiple: number; maxPixels: number };
  output: { name: string; stride: number };
  postprocess: Postprocess;
}

export interface Postprocess {
  /** A cell is on a line when its probability reaches this. */
  bar: number;
  /** Each core grows by its area x this / its perimeter (DBNet's unclip). */
  unclipRatio: number;
  /** Lines thinner than this (image pixels, across the line) are dropped. */
  minLineHeight: number;
  /** Lines whose mean probability is under this are dropped (DBNet's box threshold; 0 keeps all). */
  minScore?: number;
  /** At most this many lines, the most prominent first. */
  maxLines: number;
}

export interface DetectedLine {
  /** Axis-aligned box around the grown line, in image pixels. */
  box: Box;
  /** Mean probability over the line's core. */
  score: number;
  /** The line's slope in degrees (positive: clockwise in image coordinates). */
  angle: number;
  /** The line's height across its direction, image pixels. */
  height: number;
}

/** Network input size for an image: at most maxPixels, each side a multiple of `multiple`. */
export function detectorInputSize(
  width: number,
  height: number,
  cfg: Pick<DetectorConfig["input"], "multiple" | "maxPixels">,
): { width: number; height: number } {
  const s = Math.min(1, Math.sqrt(cfg.maxPixels / (width * height)));
  const m = cfg.multiple;
  const fit = (v: number) => Math.max(m, Math.round((v * s) / m) * m);
  let w = fit(width);
  let h = fit(height);
  // Rounding up may cross the budget: step the longer side down.
  while (w * h > cfg.maxPixels && Math.max(w, h) > m) {
    if (w >= h) w -= m;
    else h -= m;
  }
  return { width: w, height: h };
}

export async function detectTextLines(
  detector: { session: InferenceSession; config: DetectorConfig },
  gray: GrayImage,
): Promise<DetectedLine[]> {
  const prob = await detectorProbability(detector, gray);
  return linesFromProbability(prob.data, prob.cols, prob.rows, {
    ...detector.config.postprocess,
    scaleX: gray.width / (prob.cols * detector.config.output.stride),
    scaleY: gray.height / (prob.rows * detector.config.output.stride),
    stride: detector.config.output.stride,
    imageWidth: gray.width,
    imageHeight: gray.height,
  });
}

/** The network's probability map for the image (cols x rows cells of `stride` input pixels). */
export async function detectorProbability(
  detector: { session: InferenceSession; config: DetectorConfig },
  gray: GrayImage,
): Promise<{ data: Float32Array; cols: number; rows: number }> {
  const { input, output } = detector.config;
  const size = detectorInputSize(gray.width, gray.height, input);
  const scaled =
    size.width === gray.width && size.height === gray.height ? gray : resampleGray(gray, size.width, size.height);
  const x = new Float32Array(size.width * size.height);
  for (let i = 0; i < x.length; i++) x[i] = scaled.data[i]! / 255;
  const out = await detector.session.run({ [input.name]: new Tensor("float32", x, [1, 1, size.height, size.width]) });
  const map = out[output.name]!;
  const [, , rows, cols] = map.dims as number[];
  return { data: map.data as Float32Array, cols: cols!, rows: rows! };
}

export interface MapGeometry {
  /** Input pixels per cell. */
  stride: number;
  /** Image pixels per input pixel, across and down. */
  scaleX: number;
  scaleY: number;
  imageWidth: number;
  imageHeight: number;
}

/**
 * Lines from a probability map: 8-connected components of the cells at or above the bar, each
 * boxed along its principal axis (the second moments of its cells), grown by the unclip distance
 * (area x ratio / perimeter of that box), and returned as axis-aligned boxes in image pixels, the
 * most prominent (area x mean probability) first; thin lines and lines of a low mean probability
 * are dropped.
 */
export function linesFromProbability(
  prob: Float32Array,
  cols: number,
  rows: number,
  opts: Postprocess & MapGeometry,
): DetectedLine[] {
  const label = new Int32Array(cols * rows).fill(-1);
  const stack: number[] = [];
  const found: (DetectedLine & { prominence: number })[] = [];
  let component = 0;
  for (let start = 0; start < prob.length; start++) {
    if (label[start] !== -1 || prob[start]! < opts.bar) continue;
    const cells: number[] = [];
    label[start] = component;
    stack.push(start);
    while (stack.length) {
      const k = stack.pop()!;
      cells.push(k);
      const ci = Math.floor(k / cols);
      const cj = k - ci * cols;
      for (let di = -1; di <= 1; di++)
        for (let dj = -1; dj <= 1; dj++) {
          const i = ci + di;
          const j = cj + dj;
          if (i < 0 || j < 0 || i >= rows || j >= cols) continue;
          const n = i * cols + j;
          if (label[n] === -1 && prob[n]! >= opts.bar) {
            label[n] = component;
            stack.push(n);
          }
        }
    }
    component++;
    const line = componentToLine(prob, cells, cols, opts);
    if (line) found.push(line);
  }
  return found
    .sort((a, b) => b.prominence - a.prominence)
    .slice(0, opts.maxLines)
    .map(({ prominence: _, ...line }) => line);
}

function componentToLine(
  prob: Float32Array,
  cells: number[],
  cols: number,
  opts: Postprocess & MapGeometry,
): (DetectedLine & { prominence: number }) | undefined {
  // Work in input pixels: a cell (i, j) covers [s*j, s*j + s) x [s*i, s*i + s).
  const s = opts.stride;
  let sx = 0;
  let sy = 0;
  let score = 0;
  for (const k of cells) {
    sx += (k % cols) + 0.5;
    sy += Math.floor(k / cols) + 0.5;
    score += prob[k]!;
  }
  const n = cells.length;
  const mx = sx / n;
  const my = sy / n;
  let cxx = 0;
  let cyy = 0;
  let cxy = 0;
  for (const k of cells) {
    const dx = (k % cols) + 0.5 - mx;
    const dy = Math.floor(k / cols) + 0.5 - my;
    cxx += dx * dx;
    cyy += dy * dy;
    cxy += dx * dy;
  }
  // The slope is read only from an elongated component (second moments at least 2.25 : 1, a line
  // at least 1.5 times as long as high); a blob's axis is noise, and tilting its box would only
  // inflate it.
  const mean2 = (cxx + cyy) / 2;
  const spread = Math.hypot((cxx - cyy) / 2, cxy);
  const elongated = mean2 - spread <= 0 ? mean2 > 0 : (mean2 + spread) / (mean2 - spread) >= 2.25;
  const theta = elongated ? 0.5 * Math.atan2(2 * cxy, cxx - cyy) : 0;
  const c = Math.cos(theta);
  const sn = Math.sin(theta);
  // The component's extent along and across its axis, each cell counted as its square (±0.5 cell
  // in each direction, projected).
  const half = 0.5 * (Math.abs(c) + Math.abs(sn));
  let u0 = Infinity;
  let u1 = -Infinity;
  let v0 = Infinity;
  let v1 = -Infinity;
  for (const k of cells) {
    const dx = (k % cols) + 0.5 - mx;
    const dy = Math.floor(k / cols) + 0.5 - my;
    const u = dx * c + dy * sn;
    const v = -dx * sn + dy * c;
    u0 = Math.min(u0, u - half);
    u1 = Math.max(u1, u + half);
    v0 = Math.min(v0, v - half);
    v1 = Math.max(v1, v + half);
  }
  const w = (u1 - u0) * s;
  const h = (v1 - v0) * s;
  const d = (w * h * opts.unclipRatio) / (2 * (w + h));
  const gw = w + 2 * d;
  const gh = h + 2 * d;
  // The grown box's centre, in input pixels.
  const uc = (u0 + u1) / 2;
  const vc = (v0 + v1) / 2;
  const cx = (mx + uc * c - vc * sn) * s;
  const cy = (my + uc * sn + vc * c) * s;
  const ex = (Math.abs(c) * gw + Math.abs(sn) * gh) / 2;
  const ey = (Math.abs(sn) * gw + Math.abs(c) * gh) / 2;
  const x0 = Math.max(0, Math.floor((cx - ex) * opts.scaleX));
  const y0 = Math.max(0, Math.floor((cy - ey) * opts.scaleY));
  const x1 = Math.min(opts.imageWidth, Math.ceil((cx + ex) * opts.scaleX));
  const y1 = Math.min(opts.imageHeight, Math.ceil((cy + ey) * opts.scaleY));
  // Height across the line in image pixels (the scale across the line's direction).
  const height = Math.min(gw, gh) * Math.hypot(sn * opts.scaleX, c * opts.scaleY);
  const mean = score / n;
  if (height < opts.minLineHeight || mean < (opts.minScore ?? 0) || x1 - x0 < 2 || y1 - y0 < 2) return undefined;
  return {
    box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 },
    score: mean,
    angle: (theta * 180) / Math.PI,
    height,
    prominence: (x1 - x0) * (y1 - y0) * mean,
  };
}
