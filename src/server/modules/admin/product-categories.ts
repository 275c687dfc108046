import type { Lang } from "#shared/lang.ts";

/** What kind of product each catalog item is, as the dashboard's top products name it. */
const categories: Record<string, Record<Lang, string>> = {
  nawat: { en: "Serveware", ar: "أواني التقديم" },
  sanam: { en: "Home fragrance", ar: "العطور والبخور" },
};

const other: Record<Lang, string> = { en: "Other", ar: "أخرى" };

export function productCategory(productId: string, lang: Lang): string {
  return (categories[productId] ?? other)[lang];
}
