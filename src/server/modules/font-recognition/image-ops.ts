// Pixel operations on grayscale images and ink maps: cropping, resampling, and the background and
// ink estimates that normalise polarity and lighting. They know nothing of text lines or the model.
import type { GrayImage } from "./image-input.ts";

/** A rectangle in image pixels. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function cropGray(image: GrayImage, box: Box): GrayImage {
  const data = new Uint8Array(box.w * box.h);
  for (let y = 0; y < box.h; y++)
    data.set(
      image.data.subarray((box.y + y) * image.width + box.x, (box.y + y) * image.width + box.x + box.w),
      y * box.w,
    );
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

function resample1d(
  src: Float32Array,
  so: number,
  ss: number,
  sn: number,
  dst: Float32Array,
  d0: number,
  ds: number,
  dn: number,
): void {
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

export function histPercentile(hist: Uint32Array, n: number, q: number): number {
  const target = q * n;
  let acc = 0;
  for (let v = 0; v < hist.length; v++) {
    acc += hist[v]!;
    if (acc >= target) return v;
  }
  return hist.length - 1;
}

/** Otsu's threshold of a 256-bin histogram: the level that best splits it into two tones. */
export function otsuThreshold(hist: Uint32Array): number {
  let n = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    n += hist[v]!;
    sum += v * hist[v]!;
  }
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    below += hist[t]!;
    sumBelow += t * hist[t]!;
    const above = n - below;
    if (below === 0 || above === 0) continue;
    const gap = sumBelow / below - (sum - sumBelow) / above;
    const variance = below * above * gap * gap;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

/** Percentile of the ink values above `floor` (ink is 0..255). */
export function inkPercentile(values: Float32Array, floor: number, q: number): number {
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

/** Removes isolated pixels (noise, JPEG ringing) from a binary mask, in place. */
export function despeckle(mask: Uint8Array, width: number, height: number): void {
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

export interface Background {
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
export function estimateBackground(image: GrayImage, q: number): Background {
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

/**
 * Where each output pixel falls between the tile centres along one axis: two cells and a weight.
 * Past the outermost centres the weight is held at the last cell, or, with `extrapolate`, runs on.
 */
function axisCells(n: number, cells: number, scale: number, offset: number, tile: number, extrapolate: boolean) {
  const i0 = new Int32Array(n);
  const i1 = new Int32Array(n);
  const a = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    const f = ((offset + k) * scale) / tile - 0.5;
    const at = extrapolate ? f : Math.min(cells - 1, Math.max(0, f));
    i0[k] = Math.max(0, Math.min(cells - 2, Math.floor(at)));
    i1[k] = Math.min(cells - 1, i0[k]! + 1);
    a[k] = cells === 1 ? 0 : at - i0[k]!;
  }
  return { i0, i1, a };
}

/**
 * The background of a region of the source image, interpolated from the tile grid. Between the
 * outermost tiles' centres and the frame it holds their level, or, with `toward`, follows the slope
 * of the last two tiles when that makes it darker (toward "dark") or lighter ("light"): lighting
 * that falls off fastest at the frame (a photo's vignetting) then stays background instead of
 * reading as ink, and the frame never gains ink it did not have.
 */
export function backgroundMap(
  bg: Background,
  sx: number,
  sy: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  toward?: "dark" | "light",
): Float32Array {
  const v = bg.values;
  const sample = (xs: ReturnType<typeof axisCells>, ys: ReturnType<typeof axisCells>) => {
    const map = new Float32Array(w * h);
    const rowVals = new Float32Array(bg.cols);
    for (let y = 0; y < h; y++) {
      const t0 = ys.i0[y]!;
      const t1 = ys.i1[y]!;
      const ay = ys.a[y]!;
      for (let c = 0; c < bg.cols; c++) rowVals[c] = v[t0 * bg.cols + c]! * (1 - ay) + v[t1 * bg.cols + c]! * ay;
      for (let x = 0; x < w; x++)
        map[y * w + x] = rowVals[xs.i0[x]!]! * (1 - xs.a[x]!) + rowVals[xs.i1[x]!]! * xs.a[x]!;
    }
    return map;
  };
  const out = sample(axisCells(w, bg.cols, sx, x0, bg.tile, false), axisCells(h, bg.rows, sy, y0, bg.tile, false));
  if (!toward) return out;
  const followed = sample(axisCells(w, bg.cols, sx, x0, bg.tile, true), axisCells(h, bg.rows, sy, y0, bg.tile, true));
  for (let i = 0; i < out.length; i++)
    out[i] =
      toward === "dark" ? Math.max(0, Math.min(out[i]!, followed[i]!)) : Math.min(255, Math.max(out[i]!, followed[i]!));
  return out;
}

/** Ink (0..255) of a region of `image`; `sx`,`sy` map its pixels onto the background grid's scale. */
export function inkMap(
  image: GrayImage,
  bg: Background,
  darkText: boolean,
  sx: number,
  sy: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
): Float32Array {
  const out = backgroundMap(bg, sx, sy, x0, y0, w, h, darkText ? "dark" : "light");
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
