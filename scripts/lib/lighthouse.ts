import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "./chromium.ts";

export type LighthouseFigures = {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  siMs: number;
  totalBytes: number;
  error?: string;
};

/**
 * How the browser meets the page:
 *  - "cold": a fresh Chromium (new profile, empty caches, nothing compiled) for every run, as a
 *    first visit on a phone; the figures swing, so take the median of several runs.
 *  - "warm": one Chromium reused for every run (Lighthouse still clears the HTTP cache, but the
 *    browser's own warm state, e.g. compiled code, carries over): steadier, and kinder.
 */
export type LighthouseMethod = "cold" | "warm";

const chromePath = chromiumPath;
// Lighthouse drives the browser over CDP: the new headless mode, the shared flags otherwise.
const chromeFlags = ["--headless=new", ...chromiumFlags.filter((flag) => flag !== "--headless")];

async function once(url: string, port: number): Promise<LighthouseFigures> {
  const run = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
  // LH_REPORT_DIR=folder keeps each run's full report (JSON) there, for a look at the diagnostics.
  if (process.env.LH_REPORT_DIR) {
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
    writeFileSync(join(process.env.LH_REPORT_DIR, name), JSON.stringify(run.lhr));
  }
  const { categories, audits, runtimeError } = run.lhr;
  const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
  const value = (key: string) => audits[key]?.numericValue ?? NaN;
  return {
    url,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(value("largest-contentful-paint")),
    cls: Number(value("cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(value("total-blocking-time")),
    fcpMs: Math.round(value("first-contentful-paint")),
    siMs: Math.round(value("speed-index")),
    totalBytes: Math.round(value("total-byte-weight")),
    ...(runtimeError ? { error: runtimeError.code } : {}),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Each figure's own median over the runs (the median run by score may hide a bad TBT). */
function medianOf(runs: LighthouseFigures[]): LighthouseFigures & { runs: LighthouseFigures[] } {
  const first = runs[0]!;
  const m = (key: Exclude<keyof LighthouseFigures, "url" | "error">) => median(runs.map((r) => r[key]));
  const error = runs.find((r) => r.error)?.error;
  return {
    url: first.url,
    performance: m("performance"),
    accessibility: m("accessibility"),
    bestPractices: m("bestPractices"),
    seo: m("seo"),
    lcpMs: m("lcpMs"),
    cls: m("cls"),
    tbtMs: m("tbtMs"),
    fcpMs: m("fcpMs"),
    siMs: m("siMs"),
    totalBytes: m("totalBytes"),
    ...(error ? { error } : {}),
    runs,
  };
}

/**
 * Lighthouse's mobile preset (the default: Moto G class device, slow 4G) against each URL, `runs`
 * times, by `method`; returns the median of each figure, with the single runs.
 */
export async function runLighthouse(
  urls: string[],
  options: { method?: LighthouseMethod; runs?: number } = {},
): Promise<(LighthouseFigures & { runs: LighthouseFigures[] })[]> {
  const method = options.method ?? "cold";
  const runs = options.runs ?? (method === "cold" ? 5 : 1);
  const results: (LighthouseFigures & { runs: LighthouseFigures[] })[] = [];
  let shared: chromeLauncher.LaunchedChrome | undefined;
  try {
    for (const url of urls) {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) {
        if (method === "warm") {
          shared ??= await chromeLauncher.launch({ chromePath, chromeFlags });
          all.push(await once(url, shared.port));
          continue;
        }
        // chrome-launcher gives every launch a new temporary profile.
        const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
        try {
          all.push(await once(url, chrome.port));
        } finally {
          chrome.kill();
        }
      }
      results.push(medianOf(all));
    }
  } finally {
    shared?.kill();
  }
  return results;
}
