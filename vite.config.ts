import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { readPublicConfig } from "./scripts/lib/public-config.ts";
import { buildPaths, contentAlias } from "./scripts/lib/build-paths.ts";

const paths = buildPaths(process.env);

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Names the chunk of every module the app's entry (src/client/main.tsx) imports statically,
 * directly or not: the frame every page runs. Left to itself, Rolldown splits each of those that
 * a lazy page also imports into a chunk of its own (rolldown/rolldown#10731), and `/` loaded 23
 * files, 18 of them under 2 KB. Kept together, a page loads the frame as one file and only its own
 * chunks beside it.
 */
function frameChunk() {
  const entry = fileURLToPath(new URL("./src/client/main.tsx", import.meta.url));
  let frame: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!frame) {
      frame = new Set();
      const pending = [entry];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (frame.has(next)) continue;
        frame.add(next);
        pending.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    // The entry itself stays in the entry chunk: it awaits the page's chunk at the top level, and
    // that chunk imports the frame, so an entry inside the frame chunk would wait on itself.
    // The stylesheet too: the entry's CSS is inlined into every page (scripts/prerender.ts), while a
    // chunk's CSS would be fetched again, and re-applied, with every page chunk that imports it.
    return id !== entry && !id.endsWith(".css") && frame.has(id) ? "frame" : null;
  };
}

/**
 * The modules of the content folder (the catalog, the studio, the showcase record, the products'
 * and pictures' words) are small and shared by many pages and by the frame's catalogs: one chunk
 * for the language-neutral ones and one per language, rather than a file of a few hundred bytes
 * for each. The services (both languages' long descriptions) stay with the services page.
 */
function contentChunk(contentDir: string) {
  return (id: string): string | null => {
    if (!id.startsWith(`${contentDir}/`) || !id.endsWith(".ts") || id.endsWith("/services.ts")) return null;
    const lang = /\.(en|ar)\.ts$/.exec(id)?.[1];
    return lang ? `content-${lang}` : "content";
  };
}

// The client build. `scripts/build.ts` runs it twice: once for the browser and once as an SSR
// bundle that `scripts/prerender.ts` uses to render every public page to static HTML.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The studio's content folder (CONTENT_DIR, scripts/lib/build-paths.ts), for every bundle.
  resolve: { alias: [contentAlias(paths.content)] },
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig(process.env)),
  },
  build: {
    outDir: paths.client,
    manifest: true,
    assetsInlineLimit: 0,
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: frameChunk(), debugName: "frame" },
            { name: contentChunk(paths.content), debugName: "content" },
          ],
        },
      },
    },
  },
  ssr: {
    noExternal: [],
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/healthz": "http://127.0.0.1:3000", "/readyz": "http://127.0.0.1:3000" },
  },
});
