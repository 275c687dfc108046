import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { PageId } from "#shared/routes.ts";

import type { LazyCopy } from "#client/i18n/lazy-copy.ts";

/** A page module: the component, and optionally its own copy loaded per language. */
export type PageModule = { default: ComponentType; copy?: LazyCopy<unknown> };

/** Each page is its own chunk; `preloadPage` lets the entry fetch it before hydrating. */
export const pageLoaders: Record<PageId, () => Promise<PageModule>> = {
  home: () => import("./home.tsx"),
  products: () => import("./products.tsx"),
  services: () => import("./services.tsx"),
  sustainability: () => import("./sustainability.tsx"),
  about: () => import("./about.tsx"),
  contact: () => import("./contact.tsx"),
  proposal: () => import("./proposal.tsx"),
  checkout: () => import("./checkout.tsx"),
  fontRecognition: () => import("./font-recognition.tsx"),
  auth: () => import("./auth.tsx"),
  admin: () => import("./admin.tsx"),
  notFound: () => import("./not-found.tsx"),
};

export const pages = Object.fromEntries(
  Object.entries(pageLoaders).map(([id, load]) => [id, lazy(load)]),
) as Record<PageId, LazyExoticComponent<ComponentType>>;
