import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { projectPath } from "#server/lib/project-root.ts";
import type { LineBox } from "#shared/schemas/font-analysis.ts";
import { findTextLines } from "./find-text-lines.ts";
import { decodeGray } from "./image-input.ts";
import { imageLineBox } from "./line-box.ts";

GlobalFonts.registerFromPath(
  projectPath("node_modules/@fontsource/roboto/files/roboto-latin-400-normal.woff2"),
  "LineBoxTestRoboto",
);

/**
 * A line of text drawn on a white page, as PNG bytes, with the box its ink covers (from the
 * canvas's own measure of the glyphs) in the page's pixels.
 */
function page(width: number, height: number, at: { x: number; y: number; size: number; text: string }) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#111111";
  ctx.font = `${at.size}px LineBoxTestRoboto`;
  ctx.fillText(at.text, at.x, at.y);
  const m = ctx.measureText(at.text);
  const drawn: LineBox = {
    x: Math.round(at.x - m.actualBoundingBoxLeft),
    y: Math.round(at.y - m.actualBoundingBoxAscent),
    width: Math.round(m.actualBoundingBoxLeft + m.actualBoundingBoxRight),
    height: Math.round(m.actualBoundingBoxAscent + m.actualBoundingBoxDescent),
  };
  return { png: canvas.toBuffer("image/png"), drawn };
}

/** Intersection over union of two boxes. */
function overlap(a: LineBox, b: LineBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = Math.max(0, w) * Math.max(0, h);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** The boxes the API would answer for an image's bytes. */
async function boxesOf(bytes: Buffer): Promise<{ boxes: LineBox[]; width: number; height: number }> {
  const gray = await decodeGray(bytes);
  const boxes = findTextLines(gray, { maxLines: 3 }).map((line) => imageLineBox(line.box, gray));
  return { boxes, width: gray.width, height: gray.height };
}

describe("imageLineBox", () => {
  it("widens a box to whole pixels and keeps it inside the image", () => {
    expect(imageLineBox({ x: 10.4, y: 5.6, w: 20.2, h: 8 }, { width: 100, height: 50 })).toEqual({
      x: 10,
      y: 5,
      width: 21,
      height: 9,
    });
    expect(imageLineBox({ x: -3, y: 40, w: 200, h: 30 }, { width: 100, height: 50 })).toEqual({
      x: 0,
      y: 40,
      width: 100,
      height: 10,
    });
    // Never empty, even for a sliver at the edge.
    expect(imageLineBox({ x: 120, y: 49.5, w: 0, h: 0 }, { width: 100, height: 50 })).toEqual({
      x: 99,
      y: 49,
      width: 1,
      height: 1,
    });
  });
});

describe("a line's box in the uploaded image's pixels", () => {
  it("is where the line was drawn in a large image the layout reads at a third of its size", async () => {
    // 2400 px wide: findTextLines works on a copy three times smaller and maps its boxes back.
    const { png, drawn } = page(2400, 1200, { x: 700, y: 820, size: 120, text: "Handmade walnut bowls" });
    const { boxes, width, height } = await boxesOf(png);
    expect([width, height]).toEqual([2400, 1200]);
    expect(boxes).toHaveLength(1);
    expect(overlap(boxes[0]!, drawn)).toBeGreaterThan(0.8);
    // Within a few pixels of the glyphs (one work pixel is three of these).
    expect(Math.abs(boxes[0]!.x - drawn.x)).toBeLessThanOrEqual(6);
    expect(Math.abs(boxes[0]!.y - drawn.y)).toBeLessThanOrEqual(6);
  });

  it("is in the upright image a browser shows for a photo stored sideways with an EXIF orientation", async () => {
    const { png, drawn } = page(1000, 600, { x: 120, y: 200, size: 72, text: "Studio in Riyadh" });
    // Stored turned a quarter to the left (600 x 1000), tagged "rotate 90° clockwise to show" (6),
    // as a phone held upright writes it.
    const stored = await sharp(png).rotate(270).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([600, 1000, 6]);
    const { boxes, width, height } = await boxesOf(stored);
    expect([width, height]).toEqual([1000, 600]);
    expect(boxes).toHaveLength(1);
    expect(overlap(boxes[0]!, drawn)).toBeGreaterThan(0.8);
  });

  it("is where the line was drawn for an image stored upside down (orientation 3)", async () => {
    const { png, drawn } = page(900, 500, { x: 80, y: 380, size: 64, text: "Open every day" });
    const stored = await sharp(png).rotate(180).withMetadata({ orientation: 3 }).jpeg({ quality: 95 }).toBuffer();
    const { boxes } = await boxesOf(stored);
    expect(boxes).toHaveLength(1);
    expect(overlap(boxes[0]!, drawn)).toBeGreaterThan(0.8);
  });
});
