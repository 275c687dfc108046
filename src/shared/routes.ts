/**
 * The site's pages, language-neutral: the one list the client's page registry, the frame, the
 * prerender, the sitemap and the navigation derive from. Every routable page is prerendered in
 * English and Arabic (the Arabic twin lives under /ar).
 *
 * - `module`: the page's file, src/client/pages/<module>.tsx (one lazy chunk each).
 * - `nav`: one of the six header links, in header order.
 * - `indexable`: listed in the sitemap and open to search engines.
 * - `frame`: shown inside the site's header and footer (the sign-in page stands alone).
 * - `query`: reads or writes server state through TanStack Query, so the root's query client
 *   (src/client/lib/query-boundary.tsx) loads with the page; the other pages never download it.
 */
export const sitePages = [
  { path: "/", id: "home", module: "home", nav: true, indexable: true, frame: true, query: false },
  { path: "/products", id: "products", module: "products", nav: true, indexable: true, frame: true, query: false },
  { path: "/services", id: "services", module: "services", nav: true, indexable: true, frame: true, query: false },
  {
    path: "/sustainability",
    id: "sustainability",
    module: "sustainability",
    nav: true,
    indexable: true,
    frame: true,
    query: false,
  },
  { path: "/about", id: "about", module: "about", nav: true, indexable: true, frame: true, query: false },
  { path: "/contact", id: "contact", module: "contact", nav: true, indexable: true, frame: true, query: false },
  { path: "/proposal", id: "proposal", module: "proposal", nav: false, indexable: true, frame: true, query: false },
  { path: "/checkout", id: "checkout", module: "checkout", nav: false, indexable: false, frame: true, query: false },
  // Find an order by reference and e-mail, or open it from a link (`#ref=…&access=…`): issue 12.
  { path: "/orders", id: "orders", module: "orders", nav: false, indexable: false, frame: true, query: false },
  {
    path: "/font-recognition",
    id: "fontRecognition",
    module: "font-recognition",
    nav: false,
    indexable: true,
    frame: true,
    query: true,
  },
  { path: "/auth", id: "auth", module: "auth", nav: false, indexable: false, frame: false, query: false },
  // The pages the e-mailed links open (the token is in the URL's fragment), and the account page.
  {
    path: "/auth/verify-email",
    id: "verifyEmail",
    module: "verify-email",
    nav: false,
    indexable: false,
    frame: false,
    query: false,
  },
  {
    path: "/auth/reset-password",
    id: "resetPassword",
    module: "reset-password",
    nav: false,
    indexable: false,
    frame: false,
    query: false,
  },
  { path: "/account", id: "account", module: "account", nav: false, indexable: false, frame: true, query: false },
  { path: "/wishlist", id: "wishlist", module: "wishlist", nav: false, indexable: false, frame: true, query: false },
  { path: "/terms", id: "terms", module: "terms", nav: false, indexable: true, frame: true, query: false },
  { path: "/privacy", id: "privacy", module: "privacy", nav: false, indexable: true, frame: true, query: false },
  { path: "/admin", id: "admin", module: "admin", nav: false, indexable: false, frame: true, query: true },
  // The printable invoice of a paid order (decision 0021): `#ref=…&access=…` in the fragment.
  {
    path: "/orders/invoice",
    id: "orderInvoice",
    module: "order-invoice",
    nav: false,
    indexable: false,
    frame: true,
    query: false,
  },
  // The printable credit note of one refund (issue 35): `#ref=…&number=…&access=…` in the fragment.
  {
    path: "/orders/credit-note",
    id: "orderCreditNote",
    module: "order-credit-note",
    nav: false,
    indexable: false,
    frame: true,
    query: false,
  },
] as const;

/** What unknown paths show (with status 404); prerendered as /404.html and /ar/404.html. */
export const notFoundPage = {
  path: "/404",
  id: "notFound",
  module: "not-found",
  nav: false,
  indexable: false,
  frame: true,
  query: false,
} as const;

/** Every page the client can render: the routable ones and the 404 page. */
export const allPages = [...sitePages, notFoundPage] as const;

export type Page = (typeof allPages)[number];
export type PageId = Page["id"];

export const navPages = sitePages.filter((p) => p.nav);

/** The page a language-neutral path shows; unknown paths are the 404 page. */
export function pageForPath(path: string): Page {
  const normalized = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return sitePages.find((page) => page.path === normalized) ?? notFoundPage;
}

/** Old paths that live elsewhere now (DESIGN §3: /shop is the products page). */
export const redirects: Record<string, string> = { "/shop": "/products" };
