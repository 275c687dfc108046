/**
 * `npm run build`: type-checks nothing (that is `npm run typecheck`), builds the browser bundle,
 * an SSR bundle of the same app, the media variants, then prerenders every public page in both
 * languages to static HTML (DESIGN D3).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { build } from "vite";
import { readPublicConfig } from "./lib/public-config.ts";
import { buildFingerprint } from "./lib/build-fingerprint.ts";
import { prerender } from "./prerender.ts";
import { checkCatalogs } from "./lib/check-catalogs.ts";

const started = performance.now();
const publicConfig = readPublicConfig(process.env);
await checkCatalogs();

// Media first: the client bundle imports the manifest it writes (content/media-manifest.json).
const mediaModule = "./build-media.ts";
try {
  const { buildMedia } = (await import(mediaModule)) as { buildMedia: () => Promise<void> };
  await buildMedia();
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
}

await build({ logLevel: "warn" });
await build({
  logLevel: "warn",
  build: { ssr: "src/client/entry-server.tsx", outDir: "dist/ssr", manifest: false, copyPublicDir: false },
});

const pages = await prerender(publicConfig);
await mkdir("dist", { recursive: true });
await writeFile("dist/build-info.json", JSON.stringify({ fingerprint: await buildFingerprint(process.env), builtAt: new Date().toISOString() }, null, 2));
console.log(`built ${pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
