import { describe, expect, it } from "vitest";
import { formatPrice } from "./format.ts";

describe("formatPrice", () => {
  it("shows SAR with Latin digits in English", () => {
    expect(formatPrice(42_200, "en")).toBe("422 SAR");
    expect(formatPrice(123_450, "en")).toBe("1,234.50 SAR");
  });

  it("shows Arabic-Indic digits and the riyal word in Arabic", () => {
    expect(formatPrice(42_200, "ar")).toBe("٤٢٢ ريال");
    expect(formatPrice(35_000, "ar")).toBe("٣٥٠ ريال");
  });
});
