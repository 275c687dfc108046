import { describe, expect, it } from "vitest";
import { GatewayError } from "../gateway.ts";
import { toMoyasarAmount } from "./moyasar.ts";
import { fromTabbyAmount, toTabbyAmount } from "./tabby.ts";
import { fromTamaraMoney, toTamaraMoney } from "./tamara.ts";

describe("each provider's amount format, converted only at its adapter's edge", () => {
  it("Moyasar takes integer halalas, at least 100", () => {
    expect(toMoyasarAmount(42_200)).toBe(42200);
    expect(toMoyasarAmount(35_050)).toBe(35050);
    expect(toMoyasarAmount(100)).toBe(100);
    expect(() => toMoyasarAmount(99)).toThrow(GatewayError);
    expect(() => toMoyasarAmount(422.5)).toThrow(GatewayError);
  });

  it("Tamara takes a number of riyals with its currency", () => {
    expect(toTamaraMoney(42_200)).toEqual({ amount: 422, currency: "SAR" });
    expect(toTamaraMoney(35_050)).toEqual({ amount: 350.5, currency: "SAR" });
    expect(toTamaraMoney(5_504)).toEqual({ amount: 55.04, currency: "SAR" });
    expect(toTamaraMoney(0)).toEqual({ amount: 0, currency: "SAR" });
    expect(fromTamaraMoney({ amount: 350.5, currency: "SAR" })).toBe(35_050);
    expect(fromTamaraMoney({ amount: 55.04, currency: "SAR" })).toBe(5_504);
    expect(() => toTamaraMoney(-1)).toThrow(GatewayError);
  });

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
      expect(fromTamaraMoney(toTamaraMoney(halalas))).toBe(halalas);
    }
  });
});
