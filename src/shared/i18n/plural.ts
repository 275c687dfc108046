import type { Lang } from "../lang.ts";
import { formatNumber, pluralCategory } from "./format.ts";
import { interpolate, type Params, type PluralForms } from "./types.ts";

/**
 * A counted phrase in the language's grammar: the form of the count's plural category (Arabic:
 * "لا توجد عائلات", "عائلة واحدة", "عائلتان", "٣ عائلات", "١١ عائلة", "١٠٠ عائلة"), with `{count}`
 * written in the language's digits and any other placeholders filled from `params`. A form the
 * catalog leaves out falls back to `other`.
 */
export function plural(forms: PluralForms, count: number, lang: Lang, params?: Params): string {
  const text = forms[pluralCategory(count, lang)] ?? forms.other;
  return interpolate(text, { ...params, count: formatNumber(count, lang) });
}
