import { describe, expect, it } from "vitest";
import { findTextLines } from "./find-text-lines.ts";
import { lineToModelInputs, MODEL_INPUT_HEIGHT, MODEL_INPUT_WIDTH } from "./model-inputs.ts";
import { drawScene } from "./test-fixtures.ts";

/** The line found in a white scene `width` pixels wide holding `text` in black. */
async function lineOf(text: string, width: number, size: number, x: number) {
  const [line] = findTextLines(
    await drawScene({ width, height: 120, background: "#fff", lines: [{ text, x, y: 80, size, colour: "#000" }] }),
  );
  return line;
}
/** The line of a short word, narrower than a model window at the model's height. */
const shortLine = () => lineOf("Oud", 300, 50, 30);

describe("lineToModelInputs", () => {
  it("scales a line to the model height and pads a short one to its width", async () => {
    const line = await shortLine();
    const crops = lineToModelInputs(line!);
    expect(crops).toHaveLength(1);
    expect(crops[0]).toHaveLength(MODEL_INPUT_HEIGHT * MODEL_INPUT_WIDTH);
    expect(Math.max(...crops[0]!)).toBeLessThanOrEqual(1);
    expect(Math.min(...crops[0]!)).toBeGreaterThanOrEqual(0);
    // Padding is black (no ink) at both ends.
    expect(crops[0]![0]).toBe(0);
    expect(crops[0]![MODEL_INPUT_WIDTH - 1]).toBe(0);
  });

  it("sets a short line at several places across its window when asked", async () => {
    const line = await shortLine();
    const crops = lineToModelInputs(line!, 3, undefined, 3);
    expect(crops).toHaveLength(3);
    /** The first and last columns holding ink. */
    const inkColumns = (crop: Float32Array) => {
      const cols = Array.from({ length: MODEL_INPUT_WIDTH }, (_, x) =>
        Array.from({ length: MODEL_INPUT_HEIGHT }, (_, y) => crop[y * MODEL_INPUT_WIDTH + x]!).some((v) => v > 0.5),
      );
      return [cols.indexOf(true), cols.lastIndexOf(true)] as const;
    };
    const [left, middle, right] = crops.map(inkColumns);
    // The same ink, moved left to right: from near the start, through the middle, to near the end.
    expect(left![0]).toBeLessThan(middle![0]);
    expect(middle![0]).toBeLessThan(right![0]);
    expect(right![1] - right![0]).toBe(left![1] - left![0]);
    expect(middle).toEqual(inkColumns(lineToModelInputs(line!)[0]!));
  });

  it("cuts a long line into evenly spaced windows, or one random window for training", async () => {
    const line = await lineOf("A long line of text about heritage and craft", 1400, 44, 20);
    expect(lineToModelInputs(line!, 3)).toHaveLength(3);
    let seed = 1;
    expect(lineToModelInputs(line!, 3, () => (seed = (seed * 16807) % 2147483647) / 2147483647)).toHaveLength(1);
  });
});
