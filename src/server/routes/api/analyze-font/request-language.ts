import type { FastifyRequest } from "fastify";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";
import { interpolate, lookup, type Params } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";


/**
 * The language to answer in: Arabic when the client prefers it over English in Accept-Language
 * (the page's fetch sends the browser's list, and the page adds its own language first).
 */
export function requestLanguage(request: FastifyRequest): Lang {
  const header = request.headers["accept-language"];
  if (typeof header !== "string" || header === "") return "en";
  let best: { lang: Lang; q: number } | undefined;
  for (const part of header.split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const primary = tag.split("-")[0];
    if (primary !== "ar" && primary !== "en") continue;
    const qParam = params.find((p) => p.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? "en";
}

/** A catalog message in the given language; an unknown key falls back to the English text or the key. */
export function translate(lang: Lang, key: string, params?: Params): string {
  const text = lookup(lang === "ar" ? ar : en, key) ?? lookup(en, key) ?? key;
  return interpolate(text, params);
}
