import { useCallback } from "react";
import { localizePath } from "#shared/lang.ts";
import { useI18n } from "./i18n.tsx";

/** Turns a language-neutral path ("/products") into this language's URL ("/ar/products"). */
export function useLocalizedPath(): (path: string) => string {
  const { lang } = useI18n();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
