/**
 * The site's public routes, language-neutral. Every one is prerendered in English and Arabic
 * (the Arabic twin lives under /ar). `nav` marks the six header links, in header order.
 */
export const sitePages = [
  { path: "/", id: "home", nav: true, indexable: true },
  { path: "/products", id: "products", nav: true, indexable: true },
  { path: "/services", id: "services", nav: true, indexable: true },
  { path: "/sustainability", id: "sustainability", nav: true, indexable: true },
  { path: "/about", id: "about", nav: true, indexable: true },
  { path: "/contact", id: "contact", nav: true, indexable: true },
  { path: "/proposal", id: "proposal", nav: false, indexable: true },
  { path: "/checkout", id: "checkout", nav: false, indexable: false },
  { path: "/font-recognition", id: "fontRecognition", nav: false, indexable: true },
  { path: "/auth", id: "auth", nav: false, indexable: false },
  { path: "/admin", id: "admin", nav: false, indexable: false },
] as const;

export type SitePage = (typeof sitePages)[number];
export type PageId = SitePage["id"] | "notFound";

export const navPages = sitePages.filter((p) => p.nav);

/** Old paths that live elsewhere now (DESIGN §3: /shop is the products page). */
export const redirects: Record<string, string> = { "/shop": "/products" };
