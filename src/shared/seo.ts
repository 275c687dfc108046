import { localizePath, type Lang } from "./lang.ts";

export type HeadData = {
  lang: Lang;
  /** Language-neutral path, e.g. "/products". */
  path: string;
  title: string;
  description: string;
  siteUrl: string;
  indexable: boolean;
  /** Absolute or site-relative image for Open Graph cards. */
  ogImage: string;
  jsonLd?: readonly object[];
};

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON inside <script> must not be able to close the tag. */
const safeJson = (value: object) => JSON.stringify(value).replace(/</g, "\\u003c");

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).toString();
}

/** The <head> tags of one prerendered page: title, description, canonical, hreflang, OG, JSON-LD. */
export function renderHead(head: HeadData): string {
  const url = (lang: Lang) => absoluteUrl(head.siteUrl, localizePath(head.path, lang));
  const image = absoluteUrl(head.siteUrl, head.ogImage);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.indexable ? "" : `<meta name="robots" content="noindex" />`,
    `<link rel="canonical" href="${url(head.lang)}" />`,
    `<link rel="alternate" hreflang="en" href="${url("en")}" />`,
    `<link rel="alternate" hreflang="ar" href="${url("ar")}" />`,
    `<link rel="alternate" hreflang="x-default" href="${url("en")}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${url(head.lang)}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:locale" content="${head.lang === "ar" ? "ar_SA" : "en_US"}" />`,
    `<meta property="og:locale:alternate" content="${head.lang === "ar" ? "en_US" : "ar_SA"}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join("\n    ");
}
