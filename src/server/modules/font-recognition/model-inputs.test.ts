import { describe, expect, it } from "vitest";
import { findTextLines } from "./find-text-lines.ts";
import { lineToModelInputs, MODEL_INPUT_HEIGHT, MODEL_INPUT_WIDTH } from "./model-inputs.ts";
import { drawScene } from "./test-fixtures.ts";

describe("lineToModelInputs", () => {
  it("scales a line to the model height and pads a short one to its width", async () => {
    const [line] = findTextLines(
      await drawScene({
        width: 300,
        height: 120,
        background: "#fff",
        lines: [{ text: "Oud", x: 30, y: 80, size: 50, colour: "#000" }],
      }),
    );
    const crops = lineToModelInputs(line!);
    expect(crops).toHaveLength(1);
    expect(crops[0]).toHaveLength(MODEL_INPUT_HEIGHT * MODEL_INPUT_WIDTH);
    expect(Math.max(...crops[0]!)).toBeLessThanOrEqual(1);
    expect(Math.min(...crops[0]!)).toBeGreaterThanOrEqual(0);
    // Padding is black (no ink) at both ends.
    expect(crops[0]![0]).toBe(0);
    expect(crops[0]![MODEL_INPUT_WIDTH - 1]).toBe(0);
  });

  it("cuts a long line into evenly spaced windows, or one random window for training", async () => {
    const [line] = findTextLines(
      await drawScene({
        width: 1400,
        height: 120,
        background: "#fff",
        lines: [{ text: "A long line of text about heritage and craft", x: 20, y: 80, size: 44, colour: "#000" }],
      }),
    );
    expect(lineToModelInputs(line!, 3)).toHaveLength(3);
    let seed = 1;
    expect(lineToModelInputs(line!, 3, () => (seed = (seed * 16807) % 2147483647) / 2147483647)).toHaveLength(1);
  });
});
