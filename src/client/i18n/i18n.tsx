import { createContext, use, useMemo, type ReactNode } from "react";
import type { EnglishFrame } from "#shared/i18n/en-frame.ts";
import { formatParams } from "#shared/i18n/format.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import { interpolate, lookup, type Catalog, type Params } from "#shared/i18n/types.ts";
import { directionOf, type Direction, type Lang } from "#shared/lang.ts";
import { useCatalogMessages } from "./catalog-messages.ts";

/** The frame catalog every page loads; form and tool messages come from catalog-messages.ts. */
export type Messages = Catalog<EnglishFrame>;

type I18n = {
  lang: Lang;
  dir: Direction;
  t: (key: MessageKey, params?: Params) => string;
  /** Picks this language's side of a page's own copy (see defineCopy). */
  pick: <T>(copy: { en: T; ar: T }) => T;
};

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider(props: { lang: Lang; messages: Messages; children: ReactNode }) {
  const { lang, messages } = props;
  const formMessages = useCatalogMessages(lang);
  const value = useMemo<I18n>(
    () => ({
      lang,
      dir: directionOf(lang),
      t: (key, params) =>
        interpolate(lookup(messages, key) ?? lookup(formMessages, key) ?? key, params && formatParams(params, lang)),
      pick: (copy) => copy[lang],
    }),
    [lang, messages, formMessages],
  );
  return <I18nContext value={value}>{props.children}</I18nContext>;
}

export function useI18n(): I18n {
  const value = use(I18nContext);
  if (!value) throw new Error("useI18n must be used inside <I18nProvider>");
  return value;
}

/** Loads one language's catalog: each visitor downloads only the language they read. */
export async function loadMessages(lang: Lang): Promise<Messages> {
  return lang === "ar"
    ? (await import("#shared/i18n/ar-frame.ts")).arFrame
    : (await import("#shared/i18n/en-frame.ts")).enFrame;
}
