import { useEffect, useRef } from "react";
import { localizePath, type Lang } from "#shared/lang.ts";

function setAttribute(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

/**
 * Keeps the head in step on client-side navigation: the prerendered HTML already has the right
 * tags for the first page, so this only acts when the page or language changes afterwards.
 */
export function usePageMeta(meta: { title: string; description: string }, path: string, lang: Lang): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.title = meta.title;
    setAttribute('meta[name="description"]', "content", meta.description);
    setAttribute('meta[property="og:title"]', "content", meta.title);
    setAttribute('meta[property="og:description"]', "content", meta.description);
    const origin = document.head.querySelector('link[rel="canonical"]')?.getAttribute("href");
    const base = origin ? new URL(origin).origin : window.location.origin;
    setAttribute('link[rel="canonical"]', "href", `${base}${localizePath(path, lang)}`);
    setAttribute('meta[property="og:url"]', "content", `${base}${localizePath(path, lang)}`);
    setAttribute('link[rel="alternate"][hreflang="en"]', "href", `${base}${localizePath(path, "en")}`);
    setAttribute('link[rel="alternate"][hreflang="ar"]', "href", `${base}${localizePath(path, "ar")}`);
    setAttribute('link[rel="alternate"][hreflang="x-default"]', "href", `${base}${localizePath(path, "en")}`);
  }, [meta.title, meta.description, path, lang]);
}
