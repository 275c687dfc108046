// Turns a text line into the model's input: fixed-size windows of its ink, scaled to the model's height.
import type { TextLine } from "./find-text-lines.ts";
import { resampleFloat } from "./image-ops.ts";

export const MODEL_INPUT_HEIGHT = 48;
export const MODEL_INPUT_WIDTH = 192;

/**
 * Scales a line to the model's height and cuts windows of the model's width. Inference takes up to
 * `maxCrops` evenly spaced windows (their outputs are averaged); training passes `random` to take one
 * window at a random place. A line narrower than a window is padded: centred, or at `placements`
 * places spread across the free width (the network is not quite shift-invariant, and training put
 * a short line anywhere in its window).
 */
export function lineToModelInputs(line: TextLine, maxCrops = 3, random?: () => number, placements = 1): Float32Array[] {
  const H = MODEL_INPUT_HEIGHT;
  const W = MODEL_INPUT_WIDTH;
  const width = Math.max(1, Math.round((line.inkWidth * H) / line.inkHeight));
  const scaled = resampleFloat(line.ink, line.inkWidth, line.inkHeight, width, H);
  if (width <= W) {
    const free = W - width;
    const count = Math.max(1, placements);
    const offsets = random
      ? [Math.floor(random() * (free + 1))]
      : Array.from({ length: count }, (_, k) => Math.floor(((k + 0.5) * free) / count));
    return offsets.map((off) => {
      const out = new Float32Array(H * W);
      for (let y = 0; y < H; y++) out.set(scaled.subarray(y * width, (y + 1) * width), y * W + off);
      return out;
    });
  }
  const n = random ? 1 : Math.min(maxCrops, Math.ceil(width / W));
  const crops: Float32Array[] = [];
  for (let k = 0; k < n; k++) {
    const x0 = random
      ? Math.floor(random() * (width - W + 1))
      : n === 1
        ? Math.floor((width - W) / 2)
        : Math.round((k * (width - W)) / (n - 1));
    const out = new Float32Array(H * W);
    for (let y = 0; y < H; y++) out.set(scaled.subarray(y * width + x0, y * width + x0 + W), y * W);
    crops.push(out);
  }
  return crops;
}
