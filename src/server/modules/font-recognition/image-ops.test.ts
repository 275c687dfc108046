import { describe, expect, it } from "vitest";
import type { GrayImage } from "./image-input.ts";
import {
  backgroundMap,
  cropGray,
  estimateBackground,
  otsuThreshold,
  resampleFloat,
  resampleGray,
  shrinkGray,
} from "./image-ops.ts";

/** A `width` x `height` image whose pixel at (x, y) is 10 * y + x. */
function ramp(width: number, height: number): GrayImage {
  return {
    width,
    height,
    data: Uint8Array.from({ length: width * height }, (_, i) => 10 * Math.floor(i / width) + (i % width)),
  };
}

describe("cropGray", () => {
  it("copies the pixels inside the box", () => {
    const crop = cropGray(ramp(6, 5), { x: 2, y: 1, w: 3, h: 2 });
    expect(crop).toEqual({ width: 3, height: 2, data: Uint8Array.from([12, 13, 14, 22, 23, 24]) });
  });
});

describe("shrinkGray", () => {
  it("averages k x k blocks, dropping a partial block at the edge", () => {
    const small = shrinkGray(ramp(5, 4), 2);
    // Block (0,0) holds 0, 1, 10, 11; block (1,1) holds 22, 23, 32, 33.
    expect(small).toEqual({ width: 2, height: 2, data: Uint8Array.from([6, 8, 26, 28]) });
  });
});

describe("resampleGray", () => {
  it("keeps a uniform image uniform at any size", () => {
    const flat: GrayImage = { width: 7, height: 5, data: new Uint8Array(35).fill(180) };
    for (const [w, h] of [
      [3, 2],
      [20, 11],
    ] as const) {
      const out = resampleGray(flat, w, h);
      expect(out.width).toBe(w);
      expect(out.height).toBe(h);
      expect(new Set(out.data)).toEqual(new Set([180]));
    }
  });
});

describe("resampleFloat", () => {
  it("keeps the mean when shrinking", () => {
    const src = Float32Array.from({ length: 64 * 32 }, (_, i) => (i % 7) / 7);
    const out = resampleFloat(src, 64, 32, 20, 10);
    const mean = (a: Float32Array) => a.reduce((s, v) => s + v, 0) / a.length;
    expect(out).toHaveLength(200);
    expect(Math.abs(mean(out) - mean(src))).toBeLessThan(0.02);
  });
});

describe("otsuThreshold", () => {
  it("splits two tones between them, closer to neither whatever their shares", () => {
    const hist = (a: [number, number], b: [number, number]) => {
      const h = new Uint32Array(256);
      for (const [level, count] of [a, b]) for (let d = -3; d <= 3; d++) h[level + d]! += count;
      return h;
    };
    for (const t of [otsuThreshold(hist([40, 100], [200, 100])), otsuThreshold(hist([40, 900], [200, 100]))]) {
      expect(t).toBeGreaterThanOrEqual(43);
      expect(t).toBeLessThan(197);
    }
  });
});

describe("backgroundMap", () => {
  it("follows lighting that falls off toward the frame, past the outermost tiles' centres", () => {
    // A vignette: lighter in the middle, falling off ever faster toward the left and right edges.
    const width = 300;
    const height = 90;
    const level = (x: number) => 200 - (x - 150) ** 2 / 150;
    const data = Uint8Array.from({ length: width * height }, (_, i) => Math.round(level(i % width)));
    const map = backgroundMap(estimateBackground({ width, height, data }, 0.5), 1, 1, 0, 0, width, height, "dark");
    // Held at the outermost tiles' level, the map would be about 28 lighter than the frame itself.
    for (const x of [0, 2, 297, 299]) expect(Math.abs(map[45 * width + x]! - level(x)), `x ${x}`).toBeLessThan(8);
    // Toward the light side it holds that level: the frame never gains ink.
    const held = backgroundMap(estimateBackground({ width, height, data }, 0.5), 1, 1, 0, 0, width, height, "light");
    expect(held[45 * width]!).toBeGreaterThan(level(0) + 20);
  });
});
