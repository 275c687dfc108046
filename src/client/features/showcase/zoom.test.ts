import { describe, expect, it } from "vitest";
import { clampPan, dragPan, zoomIn, zoomOut, zoomPercent } from "./zoom.ts";

describe("zoom steps", () => {
  it("goes from 1x to 4x in steps of 1.5x and back", () => {
    const up = [1];
    for (let i = 0; i < 5; i++) up.push(zoomIn(up[up.length - 1]!));
    expect(up).toEqual([1, 1.5, 2.25, 3.375, 4, 4]);
    const down = [4];
    for (let i = 0; i < 5; i++) down.push(zoomOut(down[down.length - 1]!));
    expect(down).toEqual([4, 3.375, 2.25, 1.5, 1, 1]);
  });
  it("shows a percentage", () => {
    expect([1, 1.5, 2.25, 3.375, 4].map(zoomPercent)).toEqual([100, 150, 225, 338, 400]);
  });
});

describe("pan", () => {
  const frame = { width: 400, height: 300 };
  it("does not pan at 1x and resets there", () => {
    expect(dragPan({ x: 0, y: 0 }, 50, 50, 1, frame)).toEqual({ x: 0, y: 0 });
    expect(clampPan({ x: 80, y: 20 }, 1, frame)).toEqual({ x: 0, y: 0 });
  });
  it("pans within the zoomed image when zoomed", () => {
    expect(dragPan({ x: 0, y: 0 }, 50, -20, 2.25, frame)).toEqual({ x: 50, y: -20 });
    expect(dragPan({ x: 0, y: 0 }, 999, -999, 2, frame)).toEqual({ x: 200, y: -150 });
  });
});
