import { langCookie, type Lang } from "#shared/lang.ts";

/** Remembers the visitor's language: the server reads the cookie, the client reads storage. */
export function rememberLanguage(lang: Lang): void {
  document.cookie = `${langCookie}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    localStorage.setItem(langCookie, lang);
  } catch {
    // Storage can be disabled; the cookie still carries the choice.
  }
}
