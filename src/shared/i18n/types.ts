/**
 * Catalog typing: English is the source; every other language must have exactly the same keys
 * (a missing or extra Arabic key is a type error, so `npm run build` fails on it).
 */
export type Catalog<T> = { [K in keyof T]: T[K] extends string ? string : Catalog<T[K]> };

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
