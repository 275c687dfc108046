import { ar } from "./ar.ts";
import { formatParams } from "./format.ts";
import { en } from "./en.ts";
import type { MessageKey } from "./message-key.ts";
import { interpolate, lookup, type Params } from "./types.ts";
import type { Lang } from "../lang.ts";

/**
 * A site-wide catalog message in the given language, for code that holds both catalogs (the
 * server, e-mails, documents). The browser loads one language at a time and uses `useI18n().t`.
 * An unknown key falls back to the English text, then to the key itself. Numeric params are
 * written in the language's digits, so an Arabic refusal never prints "8000 × 6000".
 */
export function translate(lang: Lang, key: MessageKey, params?: Params): string {
  const text = lookup(lang === "ar" ? ar : en, key) ?? lookup(en, key) ?? key;
  return interpolate(text, params && formatParams(params, lang));
}

/** Whether a string (say, a zod issue's message) is one of the catalog's keys. */
export function isMessageKey(value: string): value is MessageKey {
  return lookup(en, value) !== undefined;
}
