import { Link } from "react-router";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";

export default function HomePage() {
  const { t } = useI18n();
  const to = useLocalizedPath();
  return (
    <section className="container-page flex min-h-[90vh] flex-col justify-center gap-6 pt-28 pb-20">
      <p className="eyebrow">{t("brand.tagline")}</p>
      <h1 className="font-display text-5xl font-medium md:text-7xl">{t("brand.name")}</h1>
      <p className="max-w-2xl text-lg text-ink-soft">{t("meta.home.description")}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={to("/products")} className="btn-primary">{t("nav.products")}</Link>
        <Link to={to("/about")} className="btn-outline">{t("nav.about")}</Link>
      </div>
    </section>
  );
}
