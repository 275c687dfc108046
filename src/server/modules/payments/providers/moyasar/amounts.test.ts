import { describe, expect, it } from "vitest";
import { GatewayError } from "../../gateway.ts";
import { toMoyasarAmount } from "./adapter.ts";

describe("Moyasar's amount format, converted only at its adapter's edge", () => {
  it("Moyasar takes integer halalas, at least 100", () => {
    expect(toMoyasarAmount(42_200)).toBe(42200);
    expect(toMoyasarAmount(35_050)).toBe(35050);
    expect(toMoyasarAmount(100)).toBe(100);
    expect(() => toMoyasarAmount(99)).toThrow(GatewayError);
    expect(() => toMoyasarAmount(422.5)).toThrow(GatewayError);
  });
});
