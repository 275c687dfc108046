import { describe, expect, it } from "vitest";
import { translate } from "./translate.ts";

describe("translate", () => {
  it("writes a server message's numbers in the caller's digits", () => {
    const params = { width: 8000, height: 6000, max: 4096 };
    const arabic = translate("ar", "fontAnalysis.errors.dimensions", params);
    expect(arabic).toContain("(٨٠٠٠ × ٦٠٠٠ بكسل)");
    expect(arabic).toContain("٤٠٩٦ بكسل");
    expect(arabic).not.toMatch(/[0-9]/);
    expect(translate("en", "fontAnalysis.errors.dimensions", params)).toBe(
      "The image is too large to analyze (8000 × 6000 pixels). Use an image of at most 4096 pixels on each side.",
    );
  });

  it("writes fractions with the Arabic decimal separator", () => {
    const arabic = translate("ar", "fontAnalysis.errors.pixels", {
      width: 9000,
      height: 4500,
      megapixels: 40.5,
      max: 16,
    });
    expect(arabic).toContain("٩٠٠٠ × ٤٥٠٠، ٤٠٫٥ ميغابكسل");
    expect(arabic).toContain("لا تتجاوز ١٦ ميغابكسل");
  });

  it("leaves text params as they are", () => {
    expect(translate("ar", "errors.noApiRoute", { method: "GET", path: "/api/v2" })).toContain("GET /api/v2");
  });
});
