/**
 * Catalog typing: English is the source; every other language must have exactly the same keys
 * (a missing or extra Arabic key is a type error, so `npm run build` fails on it).
 */
export type Catalog<T> = {
  [K in keyof T]: T[K] extends string ? string : IsPlural<T[K]> extends true ? PluralForms : Catalog<T[K]>;
};

/**
 * An Arabic catalog: a Catalog whose counted phrases give all six of Arabic's plural forms
 * (a missing form is a type error, not "٣ طلب" on a page).
 */
export type ArabicCatalog<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : IsPlural<T[K]> extends true
      ? Record<PluralCategory, string>
      : ArabicCatalog<T[K]>;
};

/** The plural categories of Unicode's rules (Intl.PluralRules): Arabic uses all six, English one and other. */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";

/**
 * A counted phrase, one text per plural category with `{count}` for the number (see plural.ts):
 * English gives one and other, Arabic all six (ArabicCatalog).
 */
export type PluralForms = { one: string; other: string } & Partial<Record<PluralCategory, string>>;

/** Whether a catalog node is a counted phrase: an object of plural forms and nothing else. */
type IsPlural<V> = V extends PluralForms ? ([Exclude<keyof V, PluralCategory>] extends [never] ? true : false) : false;

type Join<K extends string, P extends string> = `${K}.${P}`;

/** "nav.home" | "footer.rights" | ... : every leaf of a catalog as a dotted path. */
export type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : Join<K, KeyPaths<T[K]>>;
}[keyof T & string];

export type Params = Record<string, string | number>;

export function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Replaces {name} placeholders. */
export function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * Copy that belongs to one page or feature, in both languages, kept next to the code that shows
 * it. The Arabic side must mirror the English shape.
 */
export function defineCopy<T>(copy: { en: T; ar: Catalog<T> }): { en: Catalog<T>; ar: Catalog<T> } {
  return copy as { en: Catalog<T>; ar: Catalog<T> };
}
