import { lazy, type ReactNode } from "react";

/** The chunk with TanStack Query and the app's one QueryClient (about 8 KB gzip). */
export const loadQueryRoot = () => import("./query-root.tsx");
const QueryRoot = lazy(loadQueryRoot);

/**
 * The root's QueryClientProvider, for the pages that use server state (`query` in
 * src/shared/routes.ts). It sits once in the app's root, around the routes, but loads lazily:
 * TanStack Query would not fit the home page's 90 KB budget, and the home page has no server
 * state. Every page that has it shares one QueryClient, so the cache lives across navigations.
 */
export function QueryBoundary(props: { active: boolean; children: ReactNode }) {
  return props.active ? <QueryRoot>{props.children}</QueryRoot> : props.children;
}
