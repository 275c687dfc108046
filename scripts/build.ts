/**
 * `npm run build`: checks the catalogs, builds the media variants, the browser bundle and an SSR
 * bundle of the same app, prerenders every public page in both languages to static HTML
 * (DESIGN D3), writes brotli and gzip twins of pages and assets, and bundles the server into
 * dist/server.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "vite";
import { readPublicConfig } from "./lib/public-config.ts";
import { buildFingerprint } from "./lib/build-fingerprint.ts";
import { prerender } from "./prerender.ts";
import { checkCatalogs } from "./lib/check-catalogs.ts";
import { buildMedia } from "./build-media.ts";
import { buildServer } from "./build-server.ts";
import { precompress } from "./lib/precompress.ts";
import { buildPaths } from "./lib/build-paths.ts";
import type { BuildInfo } from "#server/lib/build-info.ts";

const started = performance.now();
const publicConfig = readPublicConfig(process.env);
// content/, media/ and dist/ unless CONTENT_DIR, MEDIA_DIR or BUILD_OUT_DIR say otherwise.
const paths = buildPaths(process.env);
await checkCatalogs(paths.content);

// Media first: the client bundle imports the manifest it writes (content/media-manifest.json).
// BUILD_MEDIA_ONLY (a comma list of originals) encodes the variants of those alone, for a quick
// build in a test; every original is still measured and listed in the manifests.
const only = process.env.BUILD_MEDIA_ONLY?.split(",").filter(Boolean);
await buildMedia({
  sourceDir: paths.media,
  outDir: paths.variants,
  clientManifest: join(paths.content, "media-manifest.json"),
  ...(only ? { encode: (name: string) => only.includes(name) } : {}),
});

await build({ logLevel: "warn" });
await build({
  logLevel: "warn",
  build: { ssr: "src/client/entry-server.tsx", outDir: paths.ssr, manifest: false, copyPublicDir: false },
});

const { pages } = await prerender(publicConfig, paths);
// Pages and assets are compressed once, here, at the highest settings; the server never does it.
await precompress(paths.client);
await buildServer(paths.server, paths.content);
await mkdir(paths.out, { recursive: true });
const buildInfo: BuildInfo = {
  fingerprint: await buildFingerprint(process.env),
  builtAt: new Date().toISOString(),
};
await writeFile(join(paths.out, "build-info.json"), JSON.stringify(buildInfo, null, 2));
console.log(`built ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// The SSR bundle and sharp leave handles open; the build is done, so end the process now.
process.exit(0);
