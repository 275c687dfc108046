/**
 * `npm run bench:pages`: the showcase pages' budgets (issue 3). Lighthouse mobile (Moto G class,
 * slow 4G) on /, /products, /sustainability, /about and their /ar twins:
 *   performance >= 90, LCP <= 2.5 s, CLS <= 0.05, accessibility >= 95,
 *   and everything `/` transfers before any interaction (media included) <= 1.5 MB.
 * Runs against BENCH_URL (a running `npm start`, default http://127.0.0.1:3000); when nothing
 * answers there, it builds nothing but starts the built site itself on BENCH_PORT (3211).
 * CHROME_PATH picks the browser (default /usr/bin/chromium); RUNS how many runs per page (median
 * kept, default 3); PAGES a comma-separated subset. Exits 1 when a budget is missed.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBenchServer, type BenchServer } from "./lib/bench-server.ts";

type Figures = { performance: number; accessibility: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number; siMs: number; totalBytes: number; error?: string };

/** Lighthouse's default mobile preset; each page RUNS times (default 3), the median run kept. */
async function measure(urls: string[], runs: number): Promise<Figures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const out: Figures[] = [];
    for (const url of urls) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
        if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { categories, audits, runtimeError } = run.lhr;
        const value = (key: string) => audits[key]?.numericValue ?? NaN;
        all.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(value("largest-contentful-paint")),
          cls: Number(value("cumulative-layout-shift").toFixed(3)),
          tbtMs: Math.round(value("total-blocking-time")),
          fcpMs: Math.round(value("first-contentful-paint")),
          siMs: Math.round(value("speed-index")),
          totalBytes: Math.round(value("total-byte-weight")),
          ...(runtimeError ? { error: runtimeError.code } : {}),
        });
      }
      all.sort((a, b) => a.performance - b.performance);
      out.push(all[Math.floor(all.length / 2)]!);
    }
    return out;
  } finally {
    chrome.kill();
  }
}

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
  const runs = Number(process.env.RUNS ?? 3);
  const results = await measure(paths.map((p) => `${base}${p}`), runs);

  const misses: string[] = [];
  const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padEnd(i === 0 ? 22 : 12)).join("");
  console.log(`\nLighthouse mobile against ${base} (median of ${runs} runs)`);
  console.log(row(["page", "perf", "LCP", "CLS", "a11y", "bytes", "FCP", "TBT", "SI"]));
  for (const [i, r] of results.entries()) {
    const path = paths[i]!;
    const flags = [
      r.performance < budgets.performance && "performance",
      r.lcpMs > budgets.lcpMs && "LCP",
      r.cls > budgets.cls && "CLS",
      r.accessibility < budgets.accessibility && "accessibility",
    ].filter(Boolean);
    if (flags.length) misses.push(`${path}: ${flags.join(", ")}`);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      row([path, r.performance, s(r.lcpMs), r.cls, r.accessibility, `${(r.totalBytes / 1024).toFixed(0)} KB`, s(r.fcpMs), `${r.tbtMs} ms`, s(r.siMs)]) +
        (flags.length ? `  OVER: ${flags.join(", ")}` : "") +
        (r.error ? `  (${r.error})` : ""),
    );
  }
  const home = results[paths.indexOf("/")];
  if (home) {
    const homeOk = home.totalBytes <= budgets.homeBytes;
    if (!homeOk) misses.push("/: bytes before interaction");
    console.log(`\n/ transfers ${(home.totalBytes / 1024).toFixed(0)} KB before any interaction (media included) [budget 1536 KB: ${homeOk ? "ok" : "OVER BUDGET"}]`);
  }
  console.log(`budgets: performance >= ${budgets.performance}, LCP <= 2.5 s, CLS <= ${budgets.cls}, accessibility >= ${budgets.accessibility}`);
  console.log(misses.length ? `\nMISSED: ${misses.join("; ")}` : "\nall budgets hold");
  process.exitCode = misses.length ? 1 : 0;
} finally {
  await own?.stop();
}
