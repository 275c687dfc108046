import { Link } from "#client/lib/router.tsx";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import type { PageId } from "#shared/routes.ts";

/** A page whose full version is still being built: its heading, a short note and a way on. */
export function PendingPage(props: { pageId: Exclude<PageId, "notFound"> }) {
  const { t } = useI18n();
  const to = useLocalizedPath();
  const title = t(`meta.${props.pageId}.title`).split(" | ")[0];
  return (
    <section className="container-page flex min-h-[70vh] flex-col justify-center gap-6 pt-28 pb-20">
      <p className="eyebrow">{t("brand.name")}</p>
      <h1 className="font-display text-5xl font-medium md:text-6xl">{title}</h1>
      <p className="max-w-2xl text-lg text-ink-soft">{t(`meta.${props.pageId}.description`)}</p>
      <div className="max-w-2xl rounded-2xl border border-sand-deep bg-white/60 p-6">
        <h2 className="mb-2 font-medium">{t("pending.title")}</h2>
        <p className="mb-4 text-ink-soft">{t("pending.body")}</p>
        <Link to={to("/contact")} className="btn-primary">
          {t("pending.contact")}
        </Link>
      </div>
    </section>
  );
}
