import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "./lib/router.tsx";
import { App } from "./app.tsx";
import { en } from "#shared/i18n/en.ts";
import { ar } from "#shared/i18n/ar.ts";

/** What the prerender takes from this bundle besides the HTML: titles, descriptions, JSON-LD. */
export const catalogs = { en, ar } as const;
export { structuredDataFor } from "#shared/structured-data.ts";

/** Renders one URL to HTML for the prerender script; waits for every lazy page to resolve. */
export async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Never "outline" a finished Suspense boundary: that would move content into place with an
    // inline script, which the Content-Security-Policy forbids and no-JS visitors never run.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
