/**
 * Numbers, prices, percentages, dates and durations in the visitor's language: the one place that
 * knows the locales. Arabic uses Arabic-Indic digits (spec §3); prices follow DESIGN D2.
 */
import type { Lang } from "../lang.ts";

/** Numbers: Arabic-Indic digits in Arabic, Latin digits with comma grouping in English. */
const numberLocale: Record<Lang, string> = { en: "en-US", ar: "ar-SA-u-nu-arab" };
/** Dates: day before month in English too, as read in Riyadh. */
const dateLocale: Record<Lang, string> = { en: "en-GB", ar: "ar-SA-u-nu-arab" };

const defaultNumbers: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(numberLocale.en),
  ar: new Intl.NumberFormat(numberLocale.ar),
};

export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return (options ? new Intl.NumberFormat(numberLocale[lang], options) : defaultNumbers[lang]).format(value);
}

/** A fraction as a whole percentage: 0.87 -> "87%" / "٨٧٪". */
export function formatPercent(fraction: number, lang: Lang): string {
  return formatNumber(fraction, lang, { style: "percent", maximumFractionDigits: 0 });
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
  return lang === "ar" ? `${formatNumber(riyals, lang, options)} ريال` : `${formatNumber(riyals, lang, options)} SAR`;
}

export function formatDate(
  date: Date,
  lang: Lang,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
): string {
  return new Intl.DateTimeFormat(dateLocale[lang], options).format(date);
}

/** A clip length in seconds as "1:34" in English, "١:٣٤" in Arabic. */
export function formatDuration(seconds: number, lang: Lang): string {
  return localizeDigits(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`, lang);
}

const arabicIndic = "٠١٢٣٤٥٦٧٨٩";

/** Writes the Latin digits of a finished text in the language's digits (Arabic-Indic in Arabic). */
export function localizeDigits(text: string, lang: Lang): string {
  return lang === "ar" ? text.replace(/[0-9]/g, (d) => arabicIndic[Number(d)]!) : text;
}
