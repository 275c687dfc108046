import { describe, expect, it } from "vitest";
import checkoutAr from "#client/features/checkout/checkout.ar.ts";
import checkoutEn from "#client/features/checkout/checkout.en.ts";
import fontAr from "#client/features/font-recognition/font-recognition.ar.ts";
import fontEn from "#client/features/font-recognition/font-recognition.en.ts";
import ordersAr from "#client/features/orders/orders.ar.ts";
import { plural } from "#shared/i18n/plural.ts";

/** The Arabic catalogs' counted nouns, in every plural form, as a page shows them (issue 37). */
describe("counted nouns of the Arabic catalogs", () => {
  it("counts font families in every Arabic form, with Arabic-Indic digits", () => {
    const families = (count: number) => plural(fontAr.library.count, count, "ar");
    expect(families(0)).toBe("لا توجد عائلات");
    expect(families(1)).toBe("عائلة واحدة");
    expect(families(2)).toBe("عائلتان");
    expect(families(5)).toBe("٥ عائلات");
    expect(families(213)).toBe("٢١٣ عائلة");
    expect(families(100)).toBe("١٠٠ عائلة");
    expect(families(5)).not.toBe("٥ عائلة");
  });

  it("writes the library card's sentence in the form of its count", () => {
    expect(plural(fontAr.features.library.body, 213, "ar")).toBe(
      "تصفّح ٢١٣ عائلة خطية يعرفها النموذج، عربية ولاتينية، ولكل منها عيّنة حيّة.",
    );
    expect(plural(fontAr.features.library.body, 7, "ar")).toContain("٧ عائلات خطية");
    expect(plural(fontAr.features.library.body, 2, "ar")).toContain("العائلتين الخطيتين");
    expect(plural(fontEn.features.library.body, 213, "en")).toBe(
      "Browse the 213 families the model knows, Arabic and Latin, each with a live sample.",
    );
  });

  it("counts instalments with the amount filled in, in both languages", () => {
    const amount = "١٠٥٫٥٠ ريال";
    expect(plural(checkoutAr.payment.instalmentAmount, 4, "ar", { amount })).toBe(
      "قسّمها على ٤ دفعات شهرية بلا فوائد، قيمة كل دفعة ١٠٥٫٥٠ ريال",
    );
    expect(plural(checkoutAr.payment.instalments, 2, "ar")).toBe("قسّمها على دفعتين شهريتين بلا فوائد");
    expect(plural(checkoutAr.payment.instalments, 12, "ar")).toBe("قسّمها على ١٢ دفعة شهرية بلا فوائد");
    expect(plural(checkoutEn.payment.instalments, 4, "en")).toBe("4 interest-free monthly instalments");
    expect(plural(checkoutEn.payment.instalments, 1, "en")).toBe("1 interest-free monthly instalment");
  });

  it("names a payment method with its instalments", () => {
    const method = (count: number) => plural(ordersAr.instalmentMethod, count, "ar", { method: "تمارا" });
    expect(method(1)).toBe("تمارا، دفعة واحدة");
    expect(method(2)).toBe("تمارا، دفعتان");
    expect(method(4)).toBe("تمارا، ٤ دفعات");
    expect(method(24)).toBe("تمارا، ٢٤ دفعة");
  });
});
