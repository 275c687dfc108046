import { useEffect, useState } from "react";
import { Link, useLocation } from "#client/lib/router.tsx";
import { localizePath } from "#shared/lang.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";

export default function NotFoundPage() {
  const { t, lang } = useI18n();
  const location = useLocation();
  const to = useLocalizedPath();
  // The hint names the exact URL asked for; prerendered once for every unknown path, it is
  // filled in after hydration so the server and client renders match.
  const [pathname, setPathname] = useState("");
  useEffect(() => setPathname(localizePath(location.pathname, lang)), [location.pathname, lang]);
  return (
    <section className="container-page flex min-h-[80vh] flex-col items-start justify-center gap-6 pt-28 pb-20">
      <p className="font-display text-8xl text-walnut/30" aria-hidden="true">
        {t("notFound.code")}
      </p>
      <h1 className="font-display text-5xl font-medium">{t("notFound.title")}</h1>
      <p className="max-w-xl text-lg text-ink-soft">{t("notFound.body")}</p>
      {/* The request line stays left-to-right (isolated), the sentence follows the page's direction,
          each on its own line so neither reorders the other on a narrow phone. */}
      <div
        className="grid max-w-full gap-1 rounded-lg bg-ink px-4 py-3 text-sm text-accent"
        data-testid="not-found-hint"
      >
        <code dir="ltr" className="max-w-full justify-self-start overflow-x-auto font-mono whitespace-pre">
          {pathname ? `GET ${pathname} → 404` : "\u00a0"}
        </code>
        <span>{pathname ? t("notFound.hint") : "\u00a0"}</span>
      </div>
      <Link to={to("/")} className="btn-primary">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
