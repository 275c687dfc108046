import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { allPages, type PageId } from "#shared/routes.ts";

import type { LazyCopy } from "#client/i18n/lazy-copy.ts";

/** A page module: the component, and optionally its own copy loaded per language. */
export type PageModule = { default: ComponentType; copy?: LazyCopy<unknown> };

// Every page file is its own chunk; the page list in src/shared/routes.ts names each one's module.
const modules = import.meta.glob<PageModule>("./*.tsx");

/** Each page's loader, so the entry can fetch the page's chunk before hydrating. */
export const pageLoaders = Object.fromEntries(
  allPages.map((page) => {
    const load = modules[`./${page.module}.tsx`];
    if (!load)
      throw new Error(`src/client/pages/${page.module}.tsx is missing (page "${page.id}" in src/shared/routes.ts)`);
    return [page.id, load];
  }),
) as Record<PageId, () => Promise<PageModule>>;

export const pages = Object.fromEntries(Object.entries(pageLoaders).map(([id, load]) => [id, lazy(load)])) as Record<
  PageId,
  LazyExoticComponent<ComponentType>
>;
