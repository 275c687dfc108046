import { Link } from "#client/lib/router.tsx";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { siteConfig } from "#client/lib/site-config.ts";
import { StaticSection } from "../ui/static-section.tsx";
import { navPages } from "#shared/routes.ts";
import { EyeMark, InstagramIcon, MailIcon, PhoneIcon, PinIcon, TikTokIcon } from "../ui/icons.tsx";

export function Footer() {
  const { t } = useI18n();
  const to = useLocalizedPath();
  const phoneHref = `tel:${siteConfig.STUDIO_PHONE.replace(/\s+/g, "")}`;

  return (
    // Links and text only: it keeps the server's HTML on the first load (StaticSection).
    <StaticSection
      as="footer"
      className="below-fold bg-ink text-sand"
      style={foldSize(901, 437, [892, 443])}
      data-testid="site-footer"
    >
      <div className="container-page grid gap-12 py-16 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="grid content-start gap-5">
          <Link to={to("/")} className="flex items-center gap-2" aria-label={t("header.homeLink")}>
            <EyeMark className="h-9 w-9" style={{ ["--color-sand" as string]: "var(--color-ink)" }} />
            <span className="font-display text-2xl">{t("brand.name")}</span>
          </Link>
          <p className="max-w-sm text-sm leading-relaxed text-sand/75">{t("footer.description")}</p>
          <div>
            <p className="mb-3 text-xs tracking-widest text-sand/75 uppercase">{t("footer.follow")}</p>
            <ul className="flex gap-3">
              <li>
                <a
                  href={siteConfig.INSTAGRAM_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("footer.instagram")}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-sand/30 hover:border-accent hover:text-accent"
                >
                  <InstagramIcon />
                </a>
              </li>
              <li>
                <a
                  href={siteConfig.TIKTOK_URL}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("footer.tiktok")}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-sand/30 hover:border-accent hover:text-accent"
                >
                  <TikTokIcon />
                </a>
              </li>
            </ul>
          </div>
        </div>

        <nav aria-label={t("footer.explore")}>
          <h2 className="mb-4 text-xs tracking-widest text-sand/75 uppercase">{t("footer.explore")}</h2>
          <ul className="grid gap-3 text-sm">
            {navPages.map((page) => (
              <li key={page.id}>
                <Link to={to(page.path)} className="hover:text-accent">
                  {t(`nav.${page.id}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={to("/font-recognition")} className="hover:text-accent">
                {t("footer.fontTool")}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="mb-4 text-xs tracking-widest text-sand/75 uppercase">{t("footer.contactHeading")}</h2>
          <ul className="grid gap-4 text-sm">
            <li className="flex items-center gap-3">
              <MailIcon className="shrink-0 text-accent" />
              <a
                href={`mailto:${siteConfig.STUDIO_EMAIL}`}
                className="hover:text-accent"
                aria-label={`${t("footer.emailLabel")}: ${siteConfig.STUDIO_EMAIL}`}
              >
                <bdi dir="ltr">{siteConfig.STUDIO_EMAIL}</bdi>
              </a>
            </li>
            <li className="flex items-center gap-3">
              <PhoneIcon className="shrink-0 text-accent" />
              <a
                href={phoneHref}
                className="hover:text-accent"
                aria-label={`${t("footer.phoneLabel")}: ${siteConfig.STUDIO_PHONE}`}
              >
                <bdi dir="ltr">{siteConfig.STUDIO_PHONE}</bdi>
              </a>
            </li>
            <li className="flex items-center gap-3">
              <PinIcon className="shrink-0 text-accent" />
              <span>{t("footer.location")}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-sand/10">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-6 text-xs text-sand/75">
          <p>{t("footer.copyright")}</p>
          <ul className="flex gap-5">
            {(["/terms", "/privacy"] as const).map((path) => (
              <li key={path}>
                <Link to={to(path)} className="hover:text-accent">
                  {/* The page's own title, without the site's name. */}
                  {t(path === "/terms" ? "meta.terms.title" : "meta.privacy.title").split(" | ")[0]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </StaticSection>
  );
}
