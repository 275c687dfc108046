import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export type LighthouseFigures = {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  totalBytes: number;
};

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Lighthouse's mobile preset (the default: Moto G class device, slow 4G) against one URL. */
export async function runLighthouse(urls: string[]): Promise<LighthouseFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results: LighthouseFigures[] = [];
  try {
    for (const url of urls) {
      const run = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = run.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      results.push({
        url,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? NaN),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)),
        totalBytes: Math.round(audits["total-byte-weight"]?.numericValue ?? NaN),
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
