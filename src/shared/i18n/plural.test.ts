import { describe, expect, it } from "vitest";
import { pluralCategory } from "./format.ts";
import { plural } from "./plural.ts";

describe("Arabic plural categories (Intl.PluralRules)", () => {
  it("puts each count in the category Arabic grammar gives it", () => {
    const cases: [number, string][] = [
      [0, "zero"],
      [1, "one"],
      [2, "two"],
      [3, "few"],
      [10, "few"],
      [103, "few"],
      [11, "many"],
      [99, "many"],
      [213, "many"],
      [100, "other"],
      [101, "other"],
      [1000, "other"],
    ];
    for (const [count, category] of cases) expect(pluralCategory(count, "ar"), String(count)).toBe(category);
    expect(pluralCategory(1, "en")).toBe("one");
    expect(pluralCategory(0, "en")).toBe("other");
  });
});

describe("plural", () => {
  const orders = {
    zero: "لا توجد طلبات",
    one: "طلب واحد",
    two: "طلبان",
    few: "{count} طلبات",
    many: "{count} طلبًا",
    other: "{count} طلب",
  };

  it("picks the form of the count's category and writes the count in Arabic-Indic digits", () => {
    expect([0, 1, 2, 3, 11, 100].map((count) => plural(orders, count, "ar"))).toEqual([
      "لا توجد طلبات",
      "طلب واحد",
      "طلبان",
      "٣ طلبات",
      "١١ طلبًا",
      "١٠٠ طلب",
    ]);
    expect(plural({ one: "{count} order", other: "{count} orders" }, 1, "en")).toBe("1 order");
    expect(plural({ one: "{count} order", other: "{count} orders" }, 1200, "en")).toBe("1,200 orders");
  });

  it("fills the other placeholders", () => {
    expect(plural({ ...orders, few: "{who}: {count} طلبات" }, 4, "ar", { who: "نورة" })).toBe("نورة: ٤ طلبات");
  });

  it("falls back to the other form where a catalog gives only English's two", () => {
    expect(plural({ one: "{count} order", other: "{count} orders" }, 3, "ar")).toBe("٣ orders");
  });
});
