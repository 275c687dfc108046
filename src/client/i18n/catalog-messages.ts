import { useEffect, useSyncExternalStore } from "react";
import type { EnglishMessages } from "#shared/i18n/en-messages.ts";
import type { Catalog } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";

type CatalogMessages = Catalog<EnglishMessages>;

const loaded = new Map<Lang, CatalogMessages>();
const requested = new Set<Lang>();
const listeners = new Set<() => void>();

/**
 * The messages of forms, tools and the API (validation messages, the font tool's refusals):
 * not part of the frame every page downloads, loaded once a form or tool is on screen. They only
 * show after the visitor acts, by when they are here; `t` re-renders when they arrive.
 */
function load(lang: Lang): void {
  if (requested.has(lang)) return;
  requested.add(lang);
  const module =
    lang === "ar"
      ? import("#shared/i18n/ar-messages.ts").then((m) => m.arMessages)
      : import("#shared/i18n/en-messages.ts").then((m) => m.enMessages);
  module.then(
    (messages) => {
      loaded.set(lang, messages);
      for (const listener of listeners) listener();
    },
    () => requested.delete(lang),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The loaded messages of a language (undefined until loaded, and always while prerendering). */
export function useCatalogMessages(lang: Lang): CatalogMessages | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded.get(lang),
    () => undefined,
  );
}

/** Loads the form and tool messages of the page's language once the component is on screen. */
export function useLoadCatalogMessages(lang: Lang): void {
  useEffect(() => load(lang), [lang]);
}
