export const languages = ["en", "ar"] as const;
export type Lang = (typeof languages)[number];
export type Direction = "ltr" | "rtl";

export function directionOf(lang: Lang): Direction {
  return lang === "ar" ? "rtl" : "ltr";
}

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "ar";
}

/** Splits "/ar/products" into { lang: "ar", path: "/products" }; English lives at unprefixed paths. */
export function splitLangPath(pathname: string): { lang: Lang; path: string } {
  if (pathname === "/ar" || pathname.startsWith("/ar/")) {
    const rest = pathname.slice(3);
    return { lang: "ar", path: rest === "" ? "/" : rest };
  }
  return { lang: "en", path: pathname === "" ? "/" : pathname };
}

/** The twin of a language-neutral path in the given language: ("/products", "ar") -> "/ar/products". */
export function localizePath(path: string, lang: Lang): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === "en") return clean;
  return clean === "/" ? "/ar" : `/ar${clean}`;
}

/** The same page in the other language, keeping query and hash. */
export function twinUrl(pathname: string, search: string, hash: string, target: Lang): string {
  const { path } = splitLangPath(pathname);
  return `${localizePath(path, target)}${search}${hash}`;
}

/** Name of the cookie (and localStorage key) that remembers the visitor's language. */
export const langCookie = "lang";
