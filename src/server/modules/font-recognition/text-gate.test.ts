import { describe, expect, it } from "vitest";
import { edgeSharpness, gateVerdict, scoreLines, secondLookScore } from "./text-gate.ts";

const classes = ["none", "text", "unreadable"];
const thresholds = { none: 0.6, unreadable: 0.7 };
const line = (none: number, text: number, unreadable: number) => ({ none, text, unreadable });

describe("scoreLines", () => {
  it("averages the class probabilities of each line's windows", () => {
    // Window 0 and 1 belong to line 0, window 2 to line 1; logits equal within a window = uniform.
    const logits = Float32Array.from([10, 0, 0, 0, 10, 0, 0, 0, 0]);
    const [first, second] = scoreLines(logits, [0, 0, 1], 2, classes);
    expect(first!.none).toBeCloseTo(0.5, 3);
    expect(first!.text).toBeCloseTo(0.5, 3);
    expect(second).toEqual({ none: 1 / 3, text: 1 / 3, unreadable: 1 / 3 });
  });

  it("follows the class order of the gate's configuration", () => {
    const [s] = scoreLines(Float32Array.from([10, 0, 0]), [0], 1, ["text", "none", "unreadable"]);
    expect(s!.text).toBeGreaterThan(0.99);
  });
});

describe("gateVerdict", () => {
  it("answers no text when no line looks like text", () => {
    expect(gateVerdict([line(0.9, 0.05, 0.05), line(0.6, 0.3, 0.1)], thresholds)).toEqual({
      kind: "none",
      doubtful: [],
    });
  });

  it("names the lines for a second look when the gate doubts them", () => {
    const rescue = { ...thresholds, rescue: { none: 0.85, centroid: 0.9 } };
    // Under the rescue bar: doubtful; at or over it: surely not text.
    expect(gateVerdict([line(0.9, 0.05, 0.05), line(0.7, 0.2, 0.1), line(0.84, 0.1, 0.06)], rescue)).toEqual({
      kind: "none",
      doubtful: [1, 2],
    });
    expect(gateVerdict([line(0.85, 0.1, 0.05)], rescue)).toEqual({ kind: "none", doubtful: [] });
  });

  it("gives no second look to a line softer than the sharpness floor", () => {
    const rescue = { ...thresholds, rescue: { none: 0.85, centroid: 0.9, sharpness: 0.1 } };
    const soft = { ...line(0.7, 0.2, 0.1), sharpness: 0.05 };
    const sharp = { ...line(0.8, 0.15, 0.05), sharpness: 0.4 };
    expect(gateVerdict([soft, sharp], rescue)).toEqual({ kind: "none", doubtful: [1] });
    // Lines whose sharpness was not measured are judged on P(none) alone.
    expect(gateVerdict([line(0.7, 0.2, 0.1)], rescue)).toEqual({ kind: "none", doubtful: [0] });
  });

  it("answers unreadable when the text lines are all too small or blurry", () => {
    expect(gateVerdict([line(0.1, 0.2, 0.7), line(0.95, 0, 0.05)], thresholds)).toEqual({ kind: "unreadable" });
  });

  it("keeps only the readable text lines, in their order", () => {
    const verdict = gateVerdict(
      [line(0.9, 0.1, 0), line(0.1, 0.85, 0.05), line(0.2, 0.2, 0.6), line(0, 1, 0)],
      thresholds,
    );
    expect(verdict).toEqual({ kind: "text", lines: [1, 3] });
  });

  it("reads text at the edge of both thresholds", () => {
    // P(none) just under its bar, unreadable share just under its bar: readable text.
    expect(gateVerdict([line(0.59, 0.13, 0.28)], thresholds)).toEqual({ kind: "text", lines: [0] });
    expect(gateVerdict([line(0.6, 0.3, 0.1)], thresholds)).toEqual({ kind: "none", doubtful: [] });
  });
});

describe("secondLookScore", () => {
  it("takes the gate's doubt of the least doubtful line from the closeness, weighed by `doubt`", () => {
    const scores = [line(0.9, 0.05, 0.05), line(0.6, 0.3, 0.1)];
    expect(secondLookScore(0.8, scores, 1)).toBeCloseTo(0.2, 9);
    expect(secondLookScore(0.8, scores, 0.5)).toBeCloseTo(0.5, 9);
    // Without a weight, the closeness alone, as the first second look read it.
    expect(secondLookScore(0.8, scores, 0)).toBe(0.8);
  });
});

describe("edgeSharpness", () => {
  /** A 48x192 window holding a vertical bar 6 px wide, its edges blurred over `ramp` pixels. */
  const bar = (ramp: number) => {
    const w = new Float32Array(48 * 192);
    for (let y = 0; y < 48; y++)
      for (let x = 0; x < 192; x++) {
        const d = Math.abs(x - 96) - 3; // distance outside the bar's core
        w[y * 192 + x] = d <= 0 ? 1 : Math.max(0, 1 - d / ramp);
      }
    return w;
  };

  it("is high for a crisp stroke and low for the same stroke blurred into a band", () => {
    const crisp = edgeSharpness(bar(1), 192, 48);
    const soft = edgeSharpness(bar(30), 192, 48);
    expect(crisp).toBeGreaterThan(0.2);
    expect(soft).toBeLessThan(0.02);
  });

  it("is zero for an empty window", () => {
    expect(edgeSharpness(new Float32Array(48 * 192), 192, 48)).toBe(0);
  });
});
