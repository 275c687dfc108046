import { describe, expect, it } from "vitest";
import { GatewayError } from "../../gateway.ts";
import { fromTamaraMoney, toTamaraMoney } from "./adapter.ts";

describe("Tamara's amount format, converted only at its adapter's edge", () => {
  it("Tamara takes a number of riyals with its currency", () => {
    expect(toTamaraMoney(42_200)).toEqual({ amount: 422, currency: "SAR" });
    expect(toTamaraMoney(35_050)).toEqual({ amount: 350.5, currency: "SAR" });
    expect(toTamaraMoney(5_504)).toEqual({ amount: 55.04, currency: "SAR" });
    expect(toTamaraMoney(0)).toEqual({ amount: 0, currency: "SAR" });
    expect(fromTamaraMoney({ amount: 350.5, currency: "SAR" })).toBe(35_050);
    expect(fromTamaraMoney({ amount: 55.04, currency: "SAR" })).toBe(5_504);
    expect(() => toTamaraMoney(-1)).toThrow(GatewayError);
  });

  it("round-trips every halala amount up to 100,000 SAR exactly", () => {
    for (let halalas = 0; halalas <= 10_000_000; halalas += 997) {
      expect(fromTamaraMoney(toTamaraMoney(halalas))).toBe(halalas);
    }
  });
});
