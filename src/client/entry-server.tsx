import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "./lib/router.tsx";
import { App } from "./app.tsx";

// What the prerender takes from this bundle besides the HTML: each language's frame catalog (page
// titles and descriptions) and the JSON-LD, made from the content this bundle was built with.
export { loadMessages } from "./i18n/i18n.tsx";
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
