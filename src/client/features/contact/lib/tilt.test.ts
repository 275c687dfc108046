import { describe, expect, it } from "vitest";
import { MAX_TILT_DEG, tiltFor, tiltTransform } from "./tilt.ts";

describe("tiltFor", () => {
  it("is flat at the centre and turns by the maximum at the edges", () => {
    expect(tiltFor(50, 50, 100, 100)).toEqual({ rotateX: 0, rotateY: 0 });
    expect(tiltFor(100, 50, 100, 100)).toEqual({ rotateX: 0, rotateY: MAX_TILT_DEG });
    expect(tiltFor(0, 0, 100, 100)).toEqual({ rotateX: MAX_TILT_DEG, rotateY: -MAX_TILT_DEG });
  });

  it("clamps pointers outside the box and ignores an empty box", () => {
    expect(tiltFor(500, -500, 100, 100)).toEqual({ rotateX: MAX_TILT_DEG, rotateY: MAX_TILT_DEG });
    expect(tiltFor(10, 10, 0, 0)).toEqual({ rotateX: 0, rotateY: 0 });
  });

  it("writes a CSS transform", () => {
    expect(tiltTransform({ rotateX: 1.234, rotateY: -5 })).toBe("rotateX(1.23deg) rotateY(-5.00deg)");
  });
});
