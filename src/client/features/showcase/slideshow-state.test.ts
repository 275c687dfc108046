import { describe, expect, it } from "vitest";
import { initialSlideshow, isReady, slideshowReducer as reduce, type SlideshowState } from "./slideshow-state.ts";

describe("slideshow", () => {
  it("waits for every slide, counting failures as loaded", () => {
    let state = initialSlideshow(3);
    expect(isReady(state)).toBe(false);
    state = reduce(state, { type: "next" });
    expect(state.index).toBe(0);
    state = reduce(state, { type: "loaded", slide: 0 });
    state = reduce(state, { type: "failed", slide: 2 });
    expect(isReady(state)).toBe(false);
    state = reduce(state, { type: "loaded", slide: 1 });
    expect(isReady(state)).toBe(true);
  });
  it("cycles through three slides and jumps with the dots", () => {
    let state: SlideshowState = { loaded: [true, true, true], index: 0 };
    const seen = [];
    for (let i = 0; i < 4; i++) {
      state = reduce(state, { type: "next" });
      seen.push(state.index);
    }
    expect(seen).toEqual([1, 2, 0, 1]);
    expect(reduce(state, { type: "goTo", slide: 2 }).index).toBe(2);
    expect(reduce(state, { type: "goTo", slide: 5 }).index).toBe(1);
  });
});
