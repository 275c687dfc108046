import type { Lang } from "#shared/lang.ts";
import { catalog } from "#content/catalog.ts";

const other: Record<Lang, string> = { en: "Other", ar: "أخرى" };

/** What kind of product a catalog item is (content/catalog.ts), as the dashboard's top products name it. */
export function productCategory(productId: string, lang: Lang): string {
  return (catalog.find((product) => product.id === productId)?.category ?? other)[lang];
}
