import { describe, expect, it } from "vitest";
import ar from "../orders.ar.ts";
import en from "../orders.en.ts";
import { methodName } from "./method-name.ts";

describe("methodName (the order page's payment line)", () => {
  it("is the registry's name, with the instalments of a buy-now-pay-later method", () => {
    expect(methodName("credit-card", en, "en")).toBe("Card (mada, Visa, Mastercard)");
    expect(methodName("apple-pay", en, "en")).toBe("Apple Pay");
    expect(methodName("tamara", en, "en")).toBe("Tamara, 4 instalments");
    expect(methodName("tabby", en, "en")).toBe("Tabby, 4 instalments");
  });

  it("in Arabic, with Arabic digits", () => {
    expect(methodName("credit-card", ar, "ar")).toBe("بطاقة (مدى، فيزا، ماستركارد)");
    expect(methodName("tamara", ar, "ar")).toBe("تمارا، ٤ دفعات");
    expect(methodName("tabby", ar, "ar")).toBe("تابي، ٤ دفعات");
  });
});
