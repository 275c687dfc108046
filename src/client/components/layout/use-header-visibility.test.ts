import { describe, expect, it } from "vitest";
import { nextHeaderState } from "./use-header-visibility.ts";

const run = (positions: number[]) => {
  let state = { visible: true, anchor: 0 };
  return positions.map((y) => (state = nextHeaderState(state, y)).visible);
};

describe("header visibility", () => {
  it("stays visible while scrolling down up to 80 px, hides beyond", () => {
    expect(run([40, 80, 81])).toEqual([true, true, false]);
  });

  it("reappears only after more than 3 px up, even in small steps", () => {
    expect(run([200, 199, 198, 197])).toEqual([false, false, false, false]);
    expect(run([200, 199, 198, 197, 196])).toEqual([false, false, false, false, true]);
  });

  it("is always visible within 10 px of the top", () => {
    expect(run([200, 10])).toEqual([false, true]);
  });

  it("hides again when the visitor turns back down", () => {
    expect(run([200, 150, 151])).toEqual([false, true, false]);
  });
});
