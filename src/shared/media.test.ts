import { describe, expect, it } from "vitest";
import { mediaNamePattern, variantName, widthsFor } from "./media.ts";

describe("media variants", () => {
  it("never upscales and always includes the original width", () => {
    expect(widthsFor(1200)).toEqual([480, 800, 1200]);
    expect(widthsFor(1920)).toEqual([480, 800, 1200, 1600, 1920]);
    expect(widthsFor(640)).toEqual([480, 640]);
    expect(widthsFor(300)).toEqual([300]);
    expect(widthsFor(4000)).toEqual([480, 800, 1200, 1600, 1920]);
  });
  it("names variants after the original", () => {
    expect(variantName("nawat.jpg", 800, "avif")).toBe("nawat-800.avif");
    expect(variantName("sketch-1.png", 480, "webp")).toBe("sketch-1-480.webp");
  });
  it("accepts only plain media names", () => {
    for (const ok of ["nawat.jpg", "hero-loop.webm", "showcase-loop-poster.jpg", "nawat-480.avif", "logo.svg"]) {
      expect(mediaNamePattern.test(ok), ok).toBe(true);
    }
    for (const bad of [
      "../secret.jpg",
      "a/b.jpg",
      "..jpg",
      "nawat.JPG.exe",
      "x.html",
      ".env",
      "nawat",
      "Nawat.jpg",
      "a--b.jpg",
      "-a.jpg",
    ]) {
      expect(mediaNamePattern.test(bad), bad).toBe(false);
    }
  });
});
