import { useSyncExternalStore } from "react";
import { FontTool } from "#client/features/font-recognition/components/font-tool.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";

// The feature's own copy, loaded by this page (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/font-recognition/font-recognition.en.ts"),
  ar: () => import("#client/features/font-recognition/font-recognition.ar.ts"),
});

const subscribeNothing = () => () => undefined;

/**
 * /font-recognition (spec §2, §4): the model names the typeface in an uploaded image. An app-like
 * page (DESIGN D3): the heading is prerendered, the tool itself renders once the page hydrates,
 * since nothing in it works before then. Its QueryClient comes from the root (`query` in
 * src/shared/routes.ts).
 */
export default function FontRecognitionPage() {
  const c = useCopy(copy);
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  return (
    <div className="container-page grid gap-12 pt-28 pb-24">
      <header className="grid max-w-3xl gap-4">
        <p className="eyebrow">{c.hero.eyebrow}</p>
        <h1 className="font-display text-5xl font-medium md:text-6xl">{c.hero.title}</h1>
        <p className="text-lg text-ink-soft">{c.hero.lead}</p>
      </header>
      {hydrated ? <FontTool copy={c} /> : <div className="min-h-[40rem]" aria-busy="true" />}
    </div>
  );
}
