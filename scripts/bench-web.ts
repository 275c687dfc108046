/**
 * `npm run bench:web`: the foundation's budgets (issue 2).
 *  - time from `npm start` on a built checkout to /readyz answering 200 (budget < 3 s)
 *  - JavaScript loaded by `/` before interaction, gzip (budget <= 90 KB)
 *  - Lighthouse mobile on `/` and `/ar` (performance >= 95, accessibility 100,
 *    best practices >= 95, SEO 100; issue 9: TBT <= 150 ms), measured two ways: as a first visit
 *    (a fresh Chromium per run, median of RUNS, default 5) and with one warm Chromium reused
 *    (METHODS=cold or METHODS=warm runs only one)
 * Build first (`npm run build`); the script starts and stops its own server.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startBenchServer } from "./lib/bench-server.ts";
import { chromiumFlags, chromiumPath } from "./lib/chromium.ts";
import { runLighthouse, type LighthouseMethod } from "./lib/lighthouse.ts";

const port = Number(process.env.BENCH_PORT ?? 3210);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");

// The very first start also creates the embedded database (PGlite's initdb): measured apart.
const dataDir = mkdtempSync(join(tmpdir(), "bench-web-"));
const first = await startBenchServer(port, dataDir);
await first.stop();
const starts: number[] = [];
for (let i = 0; i < 3; i++) {
  const server = await startBenchServer(port, dataDir);
  starts.push(server.startMs);
  await server.stop();
}
const server = await startBenchServer(port);

async function javascriptOf(path: string): Promise<{ files: number; gzip: number; transferred: number }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on("requestfinished", (request) => {
    // The body as it crossed the wire (brotli from the server), not as decoded.
    if (request.resourceType() === "script")
      scripts.set(
        request.url(),
        request.sizes().then((sizes) => sizes.responseBodySize),
      );
  });
  await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
  let gzip = 0;
  let transferred = 0;
  for (const [url, sent] of scripts) {
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    gzip += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    transferred += await sent;
  }
  await browser.close();
  return { files: scripts.size, gzip, transferred };
}

try {
  const js = { en: await javascriptOf("/"), ar: await javascriptOf("/ar") };
  const methods = (process.env.METHODS ?? "cold,warm").split(",") as LighthouseMethod[];
  const runs = Number(process.env.RUNS ?? 5);
  const lighthouse = [];
  for (const method of methods) {
    lighthouse.push({ method, results: await runLighthouse([`${server.url}/`, `${server.url}/ar`], { method, runs }) });
  }

  const median = [...starts].sort((a, b) => a - b)[1] ?? NaN;
  console.log("\n== start: `npm start` on a built checkout until /readyz = 200 ==");
  console.log(`first start, creating the database: ${(first.startMs / 1000).toFixed(2)} s`);
  console.log(
    `restarts: ${starts.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ")}; median ${(median / 1000).toFixed(2)} s  [budget < 3 s: ${verdict(median < 3000)}]`,
  );
  console.log("\n== JavaScript loaded before interaction ==");
  for (const [lang, figures] of Object.entries(js)) {
    console.log(
      `${lang === "en" ? "/  " : "/ar"}: ${figures.files} files, ${kb(figures.gzip)} gzip -9 (${kb(figures.transferred)} as sent, brotli)  [budget <= 90 KB: ${verdict(figures.gzip <= 90 * 1024)}]`,
    );
  }
  for (const { method, results } of lighthouse) {
    const how = method === "cold" ? "first visit: a fresh Chromium per run" : "one warm Chromium reused";
    console.log(`\n== Lighthouse, mobile preset, ${how}, median of ${runs} ==`);
    console.log("page   perf  a11y  best  seo   LCP      CLS    TBT      bytes    (perf, TBT of each run)");
    for (const r of results) {
      const path = new URL(r.url).pathname;
      const each = r.runs.map((run) => `${run.performance}/${run.tbtMs}${run.error ? `/${run.error}` : ""}`).join(" ");
      console.log(
        `${path.padEnd(6)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(3)}   ${(r.lcpMs / 1000).toFixed(2)} s   ${r.cls.toFixed(3)}  ${String(r.tbtMs).padStart(4)} ms  ${kb(r.totalBytes)}  (${each})${r.error ? `  Lighthouse error: ${r.error}` : ""}`,
      );
      const ok =
        r.performance >= 95 && r.accessibility === 100 && r.bestPractices >= 95 && r.seo === 100 && r.tbtMs <= 150;
      console.log(`       [budget perf>=95, a11y=100, best>=95, seo=100, TBT<=150 ms: ${verdict(ok)}]`);
    }
  }
} finally {
  await server.stop();
}
