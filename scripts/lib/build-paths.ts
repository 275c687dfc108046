import { join, resolve } from "node:path";
import type { Plugin } from "esbuild";

/**
 * Where `npm run build` reads the studio's content and media originals and where it writes.
 * Normally content/, media/ and dist/; CONTENT_DIR, MEDIA_DIR and BUILD_OUT_DIR move them, so a
 * site can be built from another catalog without touching dist/ (the third-product test,
 * tests/e2e/third-product.spec.ts). An output folder must lie inside the checkout: the server and
 * SSR bundles find their packages in its node_modules. MEDIA_DIR is also where the server reads
 * the originals.
 */
export function buildPaths(env: NodeJS.ProcessEnv = process.env) {
  const out = resolve(env.BUILD_OUT_DIR || "dist");
  return {
    content: resolve(env.CONTENT_DIR || "content"),
    media: resolve(env.MEDIA_DIR || "media"),
    out,
    client: join(out, "client"),
    ssr: join(out, "ssr"),
    server: join(out, "server"),
    variants: join(out, "media"),
  };
}

/**
 * Points `#content/*` (package.json "imports") at the content folder in use: for Vite as an alias
 * and for esbuild as a resolver plugin, so the browser, SSR and server bundles all carry the same
 * catalog.
 */
export const contentAlias = (contentDir: string) => ({ find: /^#content\/(.*)$/, replacement: `${contentDir}/$1` });

export const contentPlugin = (contentDir: string): Plugin => ({
  name: "content-dir",
  setup(build) {
    build.onResolve({ filter: /^#content\// }, (args) => ({
      path: join(contentDir, args.path.slice("#content/".length)),
    }));
  },
});
