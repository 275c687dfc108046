/**
 * Numbers, prices, percentages, dates, lists, plural categories and durations in the visitor's
 * language: the one place that knows the locales. Arabic uses Arabic-Indic digits (spec §3);
 * prices follow DESIGN D2.
 */
import type { Lang } from "../lang.ts";
import type { Params } from "./types.ts";

/** Numbers: Arabic-Indic digits in Arabic, Latin digits with comma grouping in English. */
const numberLocale: Record<Lang, string> = { en: "en-US", ar: "ar-SA-u-nu-arab" };
/**
 * Dates: day before month in English too, as read in Riyadh. Arabic names the Gregorian calendar:
 * `ar-SA` alone means the Hijri (Umm al-Qura) calendar in many browsers and in Node, and the
 * site's dates (orders, invoices, sign-ups) are Gregorian.
 */
const dateLocale: Record<Lang, string> = { en: "en-GB", ar: "ar-SA-u-ca-gregory-nu-arab" };
/** Plural rules and lists: the language alone (Arabic has six plural categories, English two). */
const languageLocale: Record<Lang, string> = { en: "en", ar: "ar" };

// Formatters are costly to build (a locale's data is loaded the first time; on a throttled phone
// a few of them cost tens of milliseconds of main thread), so each one is built once, when first
// needed: an English page never builds an Arabic one.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const listFormats = new Map<string, Intl.ListFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  const plain = plainDecimal(value, lang, options);
  if (plain !== null) return plain;
  const key = options ? `${lang}${JSON.stringify(options)}` : lang;
  return cached(numberFormats, key, () => new Intl.NumberFormat(numberLocale[lang], options)).format(value);
}

const plainOptions = new Set(["maximumFractionDigits", "minimumFractionDigits", "minimumIntegerDigits", "useGrouping"]);
const separators: Record<Lang, { group: string; decimal: string }> = {
  en: { group: ",", decimal: "." },
  ar: { group: "\u066c", decimal: "\u066b" },
};

/**
 * The common case without Intl: a non-negative decimal with at most these options, written
 * exactly as Intl.NumberFormat writes it for our two locales (rounding half away from zero on the
 * shortest decimal form, grouping by three, Arabic-Indic digits and separators in Arabic; the
 * equivalence is tested against Intl). Building the first Intl.NumberFormat loads the locale's
 * data, 150-300 ms of main thread on a throttled phone, on every page that shows a price. Anything
 * else (negative, percent, huge or tiny numbers, other options) answers null and goes to Intl.
 */
function plainDecimal(value: number, lang: Lang, options: Intl.NumberFormatOptions = {}): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  for (const key of Object.keys(options)) if (!plainOptions.has(key)) return null;
  const text = String(value);
  if (text.includes("e")) return null;
  const minFraction = options.minimumFractionDigits ?? 0;
  const maxFraction = Math.max(options.maximumFractionDigits ?? Math.max(minFraction, 3), minFraction);
  let [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length > maxFraction) {
    const roundUp = Number(fraction[maxFraction]) >= 5;
    fraction = fraction.slice(0, maxFraction);
    if (roundUp) {
      const digits = (whole + fraction).split("").map(Number);
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === 9) digits[i--] = 0;
      if (i < 0) digits.unshift(1);
      else digits[i]! += 1;
      const joined = digits.join("");
      whole = joined.slice(0, joined.length - fraction.length);
      fraction = joined.slice(joined.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, "").padEnd(minFraction, "0");
  whole = whole.padStart(options.minimumIntegerDigits ?? 1, "0");
  const { group, decimal } = separators[lang];
  const grouped = options.useGrouping === false ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return localizeDigits(fraction ? `${grouped}${decimal}${fraction}` : grouped, lang);
}

/**
 * A message's placeholders as the language writes them: numbers in its digits ("٨٠٠٠ × ٦٠٠٠"
 * in Arabic), ungrouped as the messages print sizes and limits; text as it is.
 */
export function formatParams(params: Params, lang: Lang): Params {
  const out: Params = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = typeof value === "number" ? formatNumber(value, lang, { useGrouping: false }) : value;
  }
  return out;
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
  const format = cached(dateFormats, `${lang}${JSON.stringify(options)}`, () => {
    return new Intl.DateTimeFormat(dateLocale[lang], options);
  });
  return format.format(date);
}

/** A date and time on Riyadh's clock, long form ("22 November 2026 at 15:00"), without the zone's name. */
export function formatRiyadhDateTime(date: Date, lang: Lang): string {
  return formatDate(date, lang, { dateStyle: "long", timeStyle: "short", timeZone: "Asia/Riyadh" });
}

/** The plural category of a count: zero, one, two, few, many or other in Arabic; one or other in English. */
export function pluralCategory(count: number, lang: Lang): Intl.LDMLPluralRule {
  return cached(pluralRules, lang, () => new Intl.PluralRules(languageLocale[lang])).select(count);
}

/** "A, B or C" / "«أ» أو «ب»": a list joined as the language joins it. */
export function formatList(items: readonly string[], lang: Lang, type: Intl.ListFormatType = "conjunction"): string {
  return cached(listFormats, `${lang}${type}`, () => new Intl.ListFormat(languageLocale[lang], { type })).format(items);
}

/** A clip length in seconds as "1:34" in English, "١:٣٤" in Arabic. */
export function formatDuration(seconds: number, lang: Lang): string {
  return localizeDigits(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`, lang);
}

const arabicIndic = "٠١٢٣٤٥٦٧٨٩";

/**
 * Writes Arabic-Indic (U+0660-0669) and Persian (U+06F0-06F9) digits as Latin digits: what an
 * Arabic keypad types is read as the number it is (a building number "١٢٣٤" is 1234).
 */
export function latinDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) & 0x0f));
}

/** Writes the Latin digits of a finished text in the language's digits (Arabic-Indic in Arabic). */
export function localizeDigits(text: string, lang: Lang): string {
  return lang === "ar" ? text.replace(/[0-9]/g, (d) => arabicIndic[Number(d)]!) : text;
}
