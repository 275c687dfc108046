import { use } from "react";
import type { Catalog } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import { useI18n } from "./i18n.tsx";

type Tracked<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/**
 * A page's own copy, one module per language, so a visitor downloads only the language they
 * read. The Arabic module must mirror the English shape (checked by tsc through `Catalog<T>`).
 */
export type LazyCopy<T> = { load: (lang: Lang) => Tracked<Catalog<T>> };

export function defineLazyCopy<T>(loaders: {
  en: () => Promise<{ default: T }>;
  ar: () => Promise<{ default: Catalog<T> }>;
}): LazyCopy<T> {
  const cache = new Map<Lang, Tracked<Catalog<T>>>();
  return {
    load(lang) {
      let promise = cache.get(lang);
      if (!promise) {
        const tracked: Tracked<Catalog<T>> = loaders[lang]().then((module) => module.default as Catalog<T>);
        tracked.then(
          (value) => {
            tracked.status = "fulfilled";
            tracked.value = value;
          },
          () => cache.delete(lang),
        );
        cache.set(lang, tracked);
        promise = tracked;
      }
      return promise;
    },
  };
}

/** The copy in the visitor's language; suspends only the first time a language is needed. */
export function useCopy<T>(copy: LazyCopy<T>): Catalog<T> {
  const { lang } = useI18n();
  return use(copy.load(lang) as Promise<Catalog<T>>);
}
