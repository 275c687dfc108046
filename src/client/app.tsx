import { Suspense, use, useEffect, useLayoutEffect, useRef } from "react";
import { Route, Routes, useLocation } from "#client/lib/router.tsx";
import { I18nProvider, useI18n, type Messages } from "./i18n/i18n.tsx";
import { messagesFor } from "./i18n/messages-cache.ts";
import { Footer } from "./components/layout/footer.tsx";
import { Header } from "./components/layout/header.tsx";
import { ScrollToTopButton } from "./components/layout/scroll-to-top.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { usePageMeta } from "./components/layout/use-page-meta.ts";
import { QueryBoundary } from "./lib/query-boundary.tsx";
import { pages } from "./pages/registry.ts";
import { directionOf, splitLangPath } from "#shared/lang.ts";
import { pageForPath, sitePages } from "#shared/routes.ts";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

export function App() {
  const location = useLocation();
  const { lang, path } = splitLangPath(location.pathname);
  const messages = use(messagesFor(lang) as Promise<Messages>);
  const page = pageForPath(path);
  const bare = !page.frame;

  useDocumentLanguage(lang);
  usePageMeta(messages.meta[page.id], path, lang);
  useEffect(() => {
    // Effects run once hydration has committed: tests and enhancements key off this mark.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useScrollResetOnNavigation(path);

  return (
    <I18nProvider lang={lang} messages={messages}>
      {bare ? null : <SkipLink />}
      {bare ? null : <Header />}
      <main id="main" tabIndex={-1} className="outline-none">
        <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
          <QueryBoundary active={page.query}>
            <Routes location={{ ...location, pathname: path }}>
              {sitePages.map((route) => {
                const Page = pages[route.id];
                return <Route key={route.id} path={route.path} element={<Page />} />;
              })}
              <Route path="*" element={<pages.notFound />} />
            </Routes>
          </QueryBoundary>
        </Suspense>
      </main>
      {bare ? null : <Footer />}
      {bare ? null : <ScrollToTopButton />}
      <Toaster />
    </I18nProvider>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded bg-ink px-4 py-2 text-sand focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t("nav.skipToContent")}
    </a>
  );
}

/** Keeps <html lang dir> in step with the URL's language and tells layout code via `resize`. */
function useDocumentLanguage(lang: "en" | "ar") {
  const first = useRef(true);
  useIsomorphicLayoutEffect(() => {
    const root = document.documentElement;
    const changed = root.lang !== lang || root.dir !== directionOf(lang);
    root.lang = lang;
    root.dir = directionOf(lang);
    if (changed && !first.current) window.dispatchEvent(new Event("resize"));
    first.current = false;
  }, [lang]);
}

/** Spec: the page scrolls to the top on every route change (not on a language switch). */
function useScrollResetOnNavigation(path: string) {
  const previous = useRef(path);
  useIsomorphicLayoutEffect(() => {
    if (previous.current !== path) window.scrollTo(0, 0);
    previous.current = path;
  }, [path]);
}
