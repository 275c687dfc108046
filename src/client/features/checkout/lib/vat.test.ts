import { describe, expect, it } from "vitest";
import { vatIncluded } from "./vat.ts";

describe("vatIncluded", () => {
  it("is the 15% contained in a VAT-inclusive price, to the halala", () => {
    // 422 SAR = 366.96 + 55.04; 350 SAR = 304.35 + 45.65.
    expect(vatIncluded(42_200)).toBe(5_504);
    expect(vatIncluded(35_000)).toBe(4_565);
    expect(vatIncluded(11_500)).toBe(1_500);
    expect(vatIncluded(0)).toBe(0);
  });
});
