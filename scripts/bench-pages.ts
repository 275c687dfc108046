/**
 * `npm run bench:pages`: the showcase pages' budgets (issue 3). Lighthouse mobile (Moto G class,
 * slow 4G) on /, /products, /sustainability, /about and their /ar twins:
 *   performance >= 90, LCP <= 2.5 s, CLS <= 0.05, accessibility >= 95,
 *   and everything `/` transfers before any interaction (media included) <= 1.5 MB.
 * Runs against BENCH_URL (a running `npm start`, default http://127.0.0.1:3000); when nothing
 * answers there, it builds nothing but starts the built site itself on BENCH_PORT (3211).
 * CHROME_PATH picks the browser (default /usr/bin/chromium); RUNS how many runs per page (median
 * kept, default 5); PAGES a comma-separated subset; METHODS which ways to meet the page (default
 * "cold,warm": a fresh Chromium per run, as a first visit, and one warm Chromium reused; see
 * scripts/lib/lighthouse.ts). Budgets are checked on every method. Exits 1 when a budget is missed.
 */
import { startBenchServer, type BenchServer } from "./lib/bench-server.ts";
import { runLighthouse, type LighthouseMethod } from "./lib/lighthouse.ts";

const allPaths = ["/", "/products", "/sustainability", "/about"].flatMap((p) => [p, p === "/" ? "/ar" : `/ar${p}`]);
// PAGES=/,/ar/about measures only those (for tuning); the byte budget is reported when / is among them.
const paths = process.env.PAGES ? process.env.PAGES.split(",") : allPaths;
const budgets = { performance: 90, lcpMs: 2500, cls: 0.05, accessibility: 95, homeBytes: 1.5 * 1024 * 1024 };

async function reachable(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/readyz`)).ok;
  } catch {
    return false;
  }
}

let base = (process.env.BENCH_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
let own: BenchServer | undefined;
if (!(await reachable(base))) {
  own = await startBenchServer(Number(process.env.BENCH_PORT ?? 3211));
  base = own.url;
}

try {
  // One warm-up visit per page, so the server's first-request work is not measured.
  for (const path of paths) await fetch(`${base}${path}`);
  const runs = Number(process.env.RUNS ?? 5);
  const methods = (process.env.METHODS ?? "cold,warm").split(",") as LighthouseMethod[];
  const misses: string[] = [];
  const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padEnd(i === 0 ? 22 : 12)).join("");
  for (const method of methods) {
    const results = await runLighthouse(
      paths.map((p) => `${base}${p}`),
      { method, runs },
    );
    const how = method === "cold" ? "first visit, a fresh Chromium per run" : "one warm Chromium reused";
    console.log(`\nLighthouse mobile against ${base}, ${how} (median of ${runs} runs)`);
    console.log(row(["page", "perf", "LCP", "CLS", "a11y", "bytes", "FCP", "TBT", "SI"]));
    for (const [i, r] of results.entries()) {
      const path = paths[i]!;
      const flags = [
        r.performance < budgets.performance && "performance",
        r.lcpMs > budgets.lcpMs && "LCP",
        r.cls > budgets.cls && "CLS",
        r.accessibility < budgets.accessibility && "accessibility",
      ].filter(Boolean);
      if (flags.length) misses.push(`${path} (${method}): ${flags.join(", ")}`);
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        row([
          path,
          r.performance,
          s(r.lcpMs),
          r.cls,
          r.accessibility,
          `${(r.totalBytes / 1024).toFixed(0)} KB`,
          s(r.fcpMs),
          `${r.tbtMs} ms`,
          s(r.siMs),
        ]) +
          (flags.length ? `  OVER: ${flags.join(", ")}` : "") +
          (r.error ? `  (${r.error})` : ""),
      );
    }
    const home = results[paths.indexOf("/")];
    if (home) {
      const homeOk = home.totalBytes <= budgets.homeBytes;
      if (!homeOk) misses.push(`/ (${method}): bytes before interaction`);
      console.log(
        `/ transfers ${(home.totalBytes / 1024).toFixed(0)} KB before any interaction (media included) [budget 1536 KB: ${homeOk ? "ok" : "OVER BUDGET"}]`,
      );
    }
  }
  console.log(
    `budgets: performance >= ${budgets.performance}, LCP <= 2.5 s, CLS <= ${budgets.cls}, accessibility >= ${budgets.accessibility}`,
  );
  console.log(misses.length ? `\nMISSED: ${misses.join("; ")}` : "\nall budgets hold");
  process.exitCode = misses.length ? 1 : 0;
} finally {
  await own?.stop();
}
