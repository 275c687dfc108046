import { describe, expect, it } from "vitest";
import { GatewayError } from "../../gateway.ts";
import { fromTabbyAmount, toTabbyAmount } from "./adapter.ts";

describe("Tabby's amount format, converted only at its adapter's edge", () => {
  it("Tabby takes a decimal string with two places", () => {
    expect(toTabbyAmount(42_200)).toBe("422.00");
    expect(toTabbyAmount(35_050)).toBe("350.50");
    expect(toTabbyAmount(5_504)).toBe("55.04");
    expect(toTabbyAmount(7)).toBe("0.07");
    expect(toTabbyAmount(0)).toBe("0.00");
    expect(fromTabbyAmount("350.50")).toBe(35_050);
    expect(fromTabbyAmount("0.07")).toBe(7);
    expect(() => toTabbyAmount(1.5)).toThrow(GatewayError);
  });

  it("round-trips every halala amount up to 100,000 SAR exactly", () => {
    for (let halalas = 0; halalas <= 10_000_000; halalas += 997) {
      expect(fromTabbyAmount(toTabbyAmount(halalas))).toBe(halalas);
    }
  });
});
