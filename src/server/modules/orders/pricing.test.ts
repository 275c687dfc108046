import { describe, expect, it } from "vitest";
import { ApiError } from "#server/lib/api-error.ts";
import { amountToHalalas, instalments, priceCheckout, vatIncluded } from "./pricing.ts";

const catalog = [
  { id: "nawat", name: "Nawat Date Bowl", nameAr: "صحن نواة للتمر", priceHalalas: 42_200, currency: "SAR" },
  { id: "sanam", name: "Sanam Incense Holder", nameAr: "مبخرة سنام", priceHalalas: 35_000, currency: "SAR" },
];

describe("amountToHalalas", () => {
  it.each([
    [422, 42_200],
    ["422", 42_200],
    ["422.00", 42_200],
    ["422.5", 42_250],
    [0.1 + 0.2, 30],
    [19.99, 1999],
  ])("reads %s as %i halalas", (amount, halalas) => expect(amountToHalalas(amount)).toBe(halalas));

  it.each([["422.001"], [422.001], ["-1"], [-1], ["4e2"], [""], ["422,00"], [Number.NaN], [Infinity]])(
    "refuses %s",
    (amount) => expect(amountToHalalas(amount)).toBeNull(),
  );
});

describe("VAT and instalments", () => {
  it("takes the 15% VAT out of a VAT-inclusive total, to the halala", () => {
    expect(vatIncluded(42_200)).toBe(5504);
    expect(vatIncluded(35_000)).toBe(4565);
    expect(vatIncluded(115)).toBe(15);
  });

  it("splits into four payments that add up to the total, the remainder first", () => {
    expect(instalments(42_200, 4)).toEqual([10_550, 10_550, 10_550, 10_550]);
    expect(instalments(35_003, 4)).toEqual([8751, 8751, 8751, 8750]);
    expect(instalments(35_003, 4).reduce((a, b) => a + b)).toBe(35_003);
  });
});

describe("priceCheckout", () => {
  it("prices from the catalog", () => {
    expect(
      priceCheckout(catalog, { productId: "sanam", quantity: 1, amount: "350.00", currency: "SAR" }),
    ).toMatchObject({
      totalAmountHalalas: 35_000,
      vatHalalas: 4565,
    });
  });

  it("refuses every tampered field at once, naming each", () => {
    try {
      priceCheckout(catalog, { productId: "teapot", quantity: 3, amount: 1, currency: "SAR" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).options.fields).toEqual({
        productId: "checkout.product.invalid",
        quantity: "checkout.quantity.invalid",
      });
    }
    expect(() =>
      priceCheckout(catalog, { productId: "nawat", quantity: 1, amount: "421.99", currency: "SAR" }),
    ).toThrow(ApiError);
  });
});
