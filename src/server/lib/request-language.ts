import Negotiator from "negotiator";
import { isLang, splitLangPath, type Lang } from "#shared/lang.ts";

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

// English first: it wins a tie the header leaves open (`*`, or two ranges in no order).
const served: readonly Lang[] = ["en", "ar"];

/**
 * Arabic when the client prefers it over English in Accept-Language (by Negotiator: `ar-SA` and
 * other regional tags count for `ar`, `q=0` refuses); English otherwise, and without the header
 * (which Negotiator would read as `*`).
 */
export function acceptLanguage(header: string | undefined): Lang {
  if (typeof header !== "string" || header === "") return "en";
  return new Negotiator({ headers: { "accept-language": header } }).language(served) === "ar" ? "ar" : "en";
}
