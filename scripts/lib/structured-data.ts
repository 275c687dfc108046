import { absoluteUrl } from "../../src/shared/seo.ts";
import type { Lang } from "../../src/shared/lang.ts";
import type { PageId } from "../../src/shared/routes.ts";
import type { PublicConfig } from "../../src/shared/site-config.ts";
import { en } from "../../src/shared/i18n/en.ts";
import { ar } from "../../src/shared/i18n/ar.ts";

/** schema.org data for a page (DESIGN D3): the studio on every indexable page's home and about. */
export function structuredDataFor(id: PageId, lang: Lang, config: PublicConfig): object[] {
  const messages = lang === "ar" ? ar : en;
  if (id !== "home" && id !== "about") return [];
  return [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: messages.brand.name,
      url: absoluteUrl(config.SITE_URL, lang === "ar" ? "/ar" : "/"),
      logo: absoluteUrl(config.SITE_URL, "/favicon.svg"),
      email: config.STUDIO_EMAIL,
      telephone: config.STUDIO_PHONE,
      address: { "@type": "PostalAddress", addressLocality: lang === "ar" ? "الرياض" : "Riyadh", addressCountry: "SA" },
      sameAs: [config.INSTAGRAM_URL, config.TIKTOK_URL],
    },
  ];
}
