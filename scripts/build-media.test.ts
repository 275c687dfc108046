import { describe, expect, it } from "vitest";
import { svgSize } from "./build-media.ts";

describe("svgSize", () => {
  it("takes the width and height attributes when the SVG states them", () => {
    expect(
      svgSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 4 220 132" width="40" height="24">', "logo.svg"),
    ).toEqual({ width: 40, height: 24 });
  });

  it("falls back to the viewBox, in either separator style", () => {
    expect(svgSize('<svg viewBox="0 0 220 132"><path/></svg>', "a.svg")).toEqual({ width: 220, height: 132 });
    expect(svgSize('<svg viewBox="0,0,64.4,32"/>', "b.svg")).toEqual({ width: 64, height: 32 });
  });

  it("refuses an SVG without a size, naming the file", () => {
    expect(() => svgSize("<svg><path/></svg>", "blank.svg")).toThrow(
      "media/blank.svg states neither width/height nor a viewBox",
    );
    expect(() => svgSize("<html></html>", "page.svg")).toThrow("media/page.svg has no <svg> element");
  });
});
