import { defineLazyCopy } from "#client/i18n/lazy-copy.ts";

/** The showcase feature's copy, one module per language, fetched with the first dialog. */
export const showcaseCopy = defineLazyCopy({
  en: () => import("./showcase.en.ts"),
  ar: () => import("./showcase.ar.ts"),
});
