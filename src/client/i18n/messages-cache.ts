import type { Lang } from "#shared/lang.ts";
import { loadMessages, type Messages } from "./i18n.tsx";

type TrackedPromise = Promise<Messages> & { status?: string; value?: Messages };

const cache = new Map<Lang, TrackedPromise>();

/**
 * One promise per language, marked fulfilled the way React's `use()` reads thenables, so a
 * catalog that is already here never suspends rendering.
 */
export function messagesFor(lang: Lang): TrackedPromise {
  let promise = cache.get(lang);
  if (!promise) {
    promise = loadMessages(lang) as TrackedPromise;
    const tracked = promise;
    tracked.then(
      (value) => {
        tracked.status = "fulfilled";
        tracked.value = value;
      },
      () => cache.delete(lang),
    );
    cache.set(lang, tracked);
  }
  return promise;
}

export function seedMessages(lang: Lang, messages: Messages): void {
  const promise = Promise.resolve(messages) as TrackedPromise;
  promise.status = "fulfilled";
  promise.value = messages;
  cache.set(lang, promise);
}
