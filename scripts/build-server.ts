/**
 * Bundles the server into dist/server (our modules only; packages stay in node_modules), so that
 * `npm start` runs plain JavaScript: no TypeScript loader hooking every import, and a third fewer
 * modules to resolve. The font model's worker thread is its own entry beside the server, where
 * recognize-font.ts looks for it; code loaded on first use stays in chunks of its own.
 */
import { rm } from "node:fs/promises";
import { build } from "esbuild";
import { buildPaths, contentPlugin } from "./lib/build-paths.ts";

export async function buildServer(outdir = buildPaths().server, contentDir = buildPaths().content): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: "src/server/server.ts",
      "recognize-font-worker": "src/server/modules/font-recognition/recognize-font-worker.ts",
    },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: "[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    logLevel: "warning",
    plugins: [contentPlugin(contentDir)],
  });
}
