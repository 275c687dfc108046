import { isLang, splitLangPath, type Lang } from "#shared/lang.ts";
import { parseQualityList } from "./quality-list.ts";

type LanguageSources = {
  /** An explicit `lang` field of the body or the query string. */
  field?: unknown;
  referer?: string | undefined;
  acceptLanguage?: string | undefined;
};

/**
 * The language to answer in (DESIGN §3): an explicit `lang` field first (a form says which page it
 * was sent from), then the page that made the request (`/ar/...` in the Referer), then the
 * client's preference between Arabic and English in Accept-Language; English otherwise.
 */
export function negotiateLanguage(sources: LanguageSources): Lang {
  if (isLang(sources.field)) return sources.field;
  const fromReferer = refererLanguage(sources.referer);
  if (fromReferer) return fromReferer;
  return acceptLanguage(sources.acceptLanguage);
}

function refererLanguage(referer: string | undefined): Lang | undefined {
  if (!referer) return undefined;
  try {
    return splitLangPath(new URL(referer).pathname).lang === "ar" ? "ar" : undefined;
  } catch {
    return undefined;
  }
}

/** Arabic when the client prefers it over English in Accept-Language; English otherwise. */
export function acceptLanguage(header: string | undefined): Lang {
  if (typeof header !== "string" || header === "") return "en";
  let best: { lang: Lang; q: number } | undefined;
  for (const [tag, q] of parseQualityList(header)) {
    const primary = tag.split("-")[0];
    if (primary !== "ar" && primary !== "en") continue;
    if (q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? "en";
}
