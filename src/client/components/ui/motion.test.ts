import { describe, expect, it } from "vitest";
import { heroZoom, parallaxEnabled, parallaxOffset, revealStart } from "./motion.ts";

describe("reveal", () => {
  it("mirrors horizontal slides in right-to-left pages", () => {
    expect(revealStart("slideLeft", false)).toBe("translate3d(48px, 0, 0)");
    expect(revealStart("slideLeft", true)).toBe("translate3d(-48px, 0, 0)");
    expect(revealStart("slideRight", false)).toBe("translate3d(-48px, 0, 0)");
    expect(revealStart("slideRight", true)).toBe("translate3d(48px, 0, 0)");
    expect(revealStart("slideUp", true)).toBe(revealStart("slideUp", false));
    expect(revealStart("fadeIn", false)).toBe("none");
  });
});

describe("parallax", () => {
  const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36";
  const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
  it("is off on mobile user agents and narrow viewports", () => {
    expect(parallaxEnabled(desktop, 1280)).toBe(true);
    expect(parallaxEnabled(desktop, 768)).toBe(true);
    expect(parallaxEnabled(desktop, 767)).toBe(false);
    expect(parallaxEnabled(phone, 1280)).toBe(false);
  });
  it("moves at a factor of 0.3", () => {
    expect(parallaxOffset(100, true)).toBeCloseTo(30);
    expect(parallaxOffset(100, false)).toBe(0);
    expect(parallaxOffset(-50, true)).toBe(0);
  });
  it("zooms the product hero at most 5 % and 30 px", () => {
    expect(heroZoom(0, 800)).toEqual({ scale: 1, shift: 0 });
    expect(heroZoom(400, 800)).toEqual({ scale: 1.025, shift: 15 });
    expect(heroZoom(5000, 800)).toEqual({ scale: 1.05, shift: 30 });
  });
});
