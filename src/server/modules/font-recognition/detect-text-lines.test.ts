import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, GlobalFonts, ImageData } from "@napi-rs/canvas";
import { InferenceSession } from "onnxruntime-node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { projectPath } from "#server/lib/project-root.ts";
import {
  detectorInputSize,
  detectTextLines,
  linesFromProbability,
  type DetectorConfig,
  type MapGeometry,
  type Postprocess,
} from "./detect-text-lines.ts";
import { decodeGray, rgbaToGray } from "./image-input.ts";

const post: Postprocess = { bar: 0.5, unclipRatio: 1.5, minLineHeight: 8, maxLines: 20 };
const geometry = (cols: number, rows: number, scale = 1): MapGeometry => ({
  stride: 4,
  scaleX: scale,
  scaleY: scale,
  imageWidth: cols * 4 * scale,
  imageHeight: rows * 4 * scale,
});

/** A cols x rows map of zeros with the given cells set. */
function map(cols: number, rows: number, cells: [row: number, col: number, p: number][]): Float32Array {
  const m = new Float32Array(cols * rows);
  for (const [i, j, p] of cells) m[i * cols + j] = p;
  return m;
}
const rect = (i0: number, i1: number, j0: number, j1: number, p: number) => {
  const cells: [number, number, number][] = [];
  for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) cells.push([i, j, p]);
  return cells;
};

describe("linesFromProbability", () => {
  it("grows a core by area x ratio / perimeter back to the line's box", () => {
    // A core of 20 x 2 cells = 80 x 8 px: d = 80·8·1.5 / (2·88) = 5.45 px on every side, so the
    // line is 90.9 x 18.9 px around the core's centre (60, 24).
    const lines = linesFromProbability(map(40, 20, rect(5, 6, 5, 24, 0.9)), 40, 20, { ...post, ...geometry(40, 20) });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.box).toEqual({ x: 14, y: 14, w: 92, h: 20 });
    expect(lines[0]!.height).toBeCloseTo(18.91, 1);
    expect(lines[0]!.score).toBeCloseTo(0.9, 5);
    expect(lines[0]!.angle).toBeCloseTo(0, 5);
  });

  it("keeps separate components apart and joins cells that touch at a corner", () => {
    const cells = [
      ...rect(2, 3, 2, 11, 0.9),
      // Touches the first block only diagonally (row 4, col 12): still the same line.
      ...rect(4, 5, 12, 21, 0.9),
      // Another line, below, with a gap row between.
      ...rect(9, 10, 2, 15, 0.8),
    ];
    const lines = linesFromProbability(map(40, 20, cells), 40, 20, { ...post, ...geometry(40, 20) });
    expect(lines).toHaveLength(2);
    const [a, b] = lines;
    // The joined line spans both blocks: columns 2-21, rows 2-5.
    expect(a!.box.x).toBeLessThanOrEqual(8);
    expect(a!.box.x + a!.box.w).toBeGreaterThanOrEqual(88);
    expect(b!.box.y).toBeGreaterThan(24);
  });

  it("ignores cells under the bar and drops lines thinner than the minimum height", () => {
    const cells = [...rect(2, 3, 2, 20, 0.45), [15, 30, 0.95] as [number, number, number]];
    // The single cell grows to 7 x 7 px, under the 8 px minimum.
    expect(linesFromProbability(map(40, 20, cells), 40, 20, { ...post, ...geometry(40, 20) })).toEqual([]);
    const lower = linesFromProbability(map(40, 20, cells), 40, 20, { ...post, bar: 0.4, ...geometry(40, 20) });
    expect(lower).toHaveLength(1);
    expect(lower[0]!.box.w).toBeGreaterThan(70);
    // The same line, mean probability 0.45, under a box threshold of 0.5.
    expect(
      linesFromProbability(map(40, 20, cells), 40, 20, { ...post, bar: 0.4, minScore: 0.5, ...geometry(40, 20) }),
    ).toEqual([]);
  });

  it("orders lines by area x score and keeps at most maxLines", () => {
    const cells = [...rect(2, 3, 2, 11, 0.6), ...rect(9, 11, 2, 30, 0.7), ...rect(15, 16, 2, 8, 0.99)];
    const lines = linesFromProbability(map(40, 20, cells), 40, 20, { ...post, ...geometry(40, 20) });
    // Grown: 123 x 24 px at 0.7, 37 x 17 px at 0.99 (646 x 0.99), 50 x 18 px at 0.6 (900 x 0.6).
    expect(lines.map((l) => Math.round((l.box.y + l.box.h / 2) / 4))).toEqual([11, 16, 3]);
    const two = linesFromProbability(map(40, 20, cells), 40, 20, { ...post, maxLines: 2, ...geometry(40, 20) });
    expect(two).toHaveLength(2);
  });

  it("reads a tilted line's slope and boxes the whole tilted line", () => {
    // A core two cells thick sloping down by one row every four columns (about 14°).
    const cells: [number, number, number][] = [];
    for (let j = 4; j < 36; j++) {
      const i = 4 + Math.floor((j - 4) / 4);
      cells.push([i, j, 0.9], [i + 1, j, 0.9]);
    }
    const lines = linesFromProbability(map(40, 20, cells), 40, 20, { ...post, ...geometry(40, 20) });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.angle).toBeGreaterThan(10);
    expect(lines[0]!.angle).toBeLessThan(18);
    const { box } = lines[0]!;
    expect(box.x).toBeLessThanOrEqual(16);
    expect(box.x + box.w).toBeGreaterThanOrEqual(144);
    expect(box.y).toBeLessThanOrEqual(16);
    expect(box.y + box.h).toBeGreaterThanOrEqual(48);
  });

  it("maps boxes back to the image when the network saw it scaled", () => {
    const lines = linesFromProbability(map(40, 20, rect(5, 6, 5, 24, 0.9)), 40, 20, {
      ...post,
      ...geometry(40, 20, 2),
    });
    expect(lines[0]!.box).toEqual({ x: 29, y: 29, w: 182, h: 38 });
    expect(lines[0]!.height).toBeCloseTo(37.8, 1);
  });
});

describe("detectorInputSize", () => {
  it("keeps a small image's size, rounded to multiples of 32", () => {
    expect(detectorInputSize(341, 192, { multiple: 32, maxPixels: 2_100_000 })).toEqual({ width: 352, height: 192 });
  });
  it("scales a large image to at most the pixel budget", () => {
    const s = detectorInputSize(4000, 3000, { multiple: 32, maxPixels: 2_100_000 });
    expect(s.width % 32).toBe(0);
    expect(s.height % 32).toBe(0);
    expect(s.width * s.height).toBeLessThanOrEqual(2_100_000);
    expect(s.width / s.height).toBeCloseTo(4 / 3, 1);
    expect(detectorInputSize(1920, 1080, { multiple: 32, maxPixels: 2_100_000 })).toEqual({
      width: 1920,
      height: 1088,
    });
  });
});

const modelDir = projectPath("models/font-recognition");
const hasDetector = existsSync(path.join(modelDir, "text-detector.onnx"));

describe.skipIf(!hasDetector)("the committed text detector", () => {
  const detector = async () => ({
    session: await InferenceSession.create(path.join(modelDir, "text-detector.onnx"), { intraOpNumThreads: 1 }),
    config: JSON.parse(readFileSync(path.join(modelDir, "text-detector.json"), "utf8")) as DetectorConfig,
  });
  // A photograph no model of the project is trained on (gate-data.ts: GATE_EVAL_PHOTOS).
  const photo = async (width: number) =>
    decodeGray(await sharp(projectPath("media/desert-dunes.jpg")).resize({ width }).png().toBuffer());

  it("finds nothing in a text-free photograph", async () => {
    expect(await detectTextLines(await detector(), await photo(1280))).toEqual([]);
  });

  it("finds a line drawn small on the photograph where it was drawn", async () => {
    const bg = await photo(1280);
    const canvas = createCanvas(bg.width, bg.height);
    const ctx = canvas.getContext("2d");
    const rgba = new Uint8ClampedArray(bg.width * bg.height * 4);
    for (let i = 0; i < bg.data.length; i++) rgba.fill(bg.data[i]!, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4);
    ctx.putImageData(new ImageData(rgba, bg.width, bg.height), 0, 0);
    GlobalFonts.registerFromPath(
      projectPath("node_modules/@fontsource/lora/files/lora-latin-400-normal.woff2"),
      "DetTest",
    );
    ctx.font = "28px DetTest";
    ctx.fillStyle = "#111";
    const text = "Quiet harbour lights at dawn";
    const m = ctx.measureText(text);
    ctx.fillText(text, 500, 300);
    const truth = {
      x: 500 - m.actualBoundingBoxLeft,
      y: 300 - m.actualBoundingBoxAscent,
      w: m.actualBoundingBoxLeft + m.actualBoundingBoxRight,
      h: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent,
    };
    const { data } = ctx.getImageData(0, 0, bg.width, bg.height);
    const gray = await rgbaToGray(new Uint8Array(data.buffer, data.byteOffset, data.length), bg.width, bg.height);
    const lines = await detectTextLines(await detector(), gray);
    expect(lines.length).toBeGreaterThan(0);
    const b = lines[0]!.box;
    const ix = Math.max(0, Math.min(b.x + b.w, truth.x + truth.w) - Math.max(b.x, truth.x));
    const iy = Math.max(0, Math.min(b.y + b.h, truth.y + truth.h) - Math.max(b.y, truth.y));
    const iou = (ix * iy) / (b.w * b.h + truth.w * truth.h - ix * iy);
    expect(iou).toBeGreaterThanOrEqual(0.5);
  });
});
