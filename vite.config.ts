import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { readPublicConfig } from "./scripts/lib/public-config.ts";

// The client build. `scripts/build.ts` runs it twice: once for the browser and once as an SSR
// bundle that `scripts/prerender.ts` uses to render every public page to static HTML.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    __PUBLIC_CONFIG__: JSON.stringify(readPublicConfig(process.env)),
  },
  build: {
    outDir: "dist/client",
    manifest: true,
    assetsInlineLimit: 0,
    target: "es2022",
  },
  ssr: {
    noExternal: [],
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/healthz": "http://127.0.0.1:3000", "/readyz": "http://127.0.0.1:3000" },
  },
});
