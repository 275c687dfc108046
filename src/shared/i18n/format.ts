import type { Lang } from "../lang.ts";

const arabicDigits = new Intl.NumberFormat("ar-SA-u-nu-arab", { useGrouping: true });
const latinDigits = new Intl.NumberFormat("en-US", { useGrouping: true });

/** Numbers in the visitor's script: Arabic-Indic digits in Arabic (spec §3). */
export function formatNumber(value: number, lang: Lang): string {
  return (lang === "ar" ? arabicDigits : latinDigits).format(value);
}

/**
 * A price held in halalas (DESIGN D8: money is integer halalas), shown as "422 SAR" in English and
 * "٤٢٢ ريال" in Arabic. Whole riyals drop the decimals.
 */
export function formatPrice(halalas: number, lang: Lang): string {
  const riyals = halalas / 100;
  const options: Intl.NumberFormatOptions = Number.isInteger(riyals)
    ? { maximumFractionDigits: 0 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (lang === "ar") {
    return `${new Intl.NumberFormat("ar-SA-u-nu-arab", options).format(riyals)} ريال`;
  }
  return `${new Intl.NumberFormat("en-US", options).format(riyals)} SAR`;
}
