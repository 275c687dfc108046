// Whole-page screenshots (issue 14: "weight and size read from the detected text lines of any image,
// whole screenshots included"): a web page set in one family, with a small navigation row, a large
// heading, a paragraph of body text and a button, screenshotted whole as a designer would grab it.
// The truth is the heading: its family, weight and size (the most prominent text on the page).
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import type { LibraryFamily, LibraryVariant } from "#shared/schemas/font-library.ts";
import type { Case } from "./eval-data.ts";
import { repoRoot } from "./render-sample.ts";
import { makeLine, type Rng } from "./text-corpus.ts";
import { chromiumFlags, chromiumPath } from "../../scripts/lib/chromium.ts";

const mime = (f: string) => (f.endsWith(".woff2") ? "font/woff2" : f.endsWith(".ttf") ? "font/ttf" : "font/otf");

function face(name: string, v: LibraryVariant): string {
  const file = path.join(repoRoot, v.files[0]!);
  const data = readFileSync(file).toString("base64");
  return `@font-face{font-family:"${name}";src:url(data:${mime(file)};base64,${data});font-weight:${v.weight};font-style:${v.italic ? "italic" : "normal"};font-display:block}`;
}

/** The variant nearest to `weight` among the upright ones (or any, for an italic-only family). */
function nearest(family: LibraryFamily, weight: number): LibraryVariant {
  const upright = family.variants.filter((v) => !v.italic);
  const pool = upright.length ? upright : family.variants;
  return pool.reduce((best, v) => (Math.abs(v.weight - weight) < Math.abs(best.weight - weight) ? v : best));
}

function page(family: LibraryFamily, heading: LibraryVariant, body: LibraryVariant, size: number, rng: Rng): string {
  const dir = family.script === "arabic" ? "rtl" : "ltr";
  const words = (n: number) => Array.from({ length: n }, () => makeLine(rng, family.script, "heldOut")).join(" ");
  const hue = Math.floor(rng() * 360);
  const dark = rng() < 0.25;
  const fg = dark ? `hsl(${hue} 20% 92%)` : `hsl(${hue} 30% 12%)`;
  const bg = dark ? `hsl(${hue} 30% 10%)` : rng() < 0.5 ? "#fff" : `hsl(${hue} 35% 96%)`;
  const nav = Array.from({ length: 4 }, () => makeLine(rng, family.script, "heldOut").split(" ")[0]).join(
    "&nbsp;&nbsp;&nbsp;&nbsp;",
  );
  return `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"><style>
${face("h", heading)}
${face("b", body)}
body{margin:0;background:${bg};color:${fg}}
nav{font:${body.weight} 15px "b";padding:22px 48px;opacity:.8}
main{padding:${40 + Math.floor(rng() * 60)}px 48px 64px;max-width:760px}
h1{font-family:"h";font-weight:${heading.weight};font-style:${heading.italic ? "italic" : "normal"};font-size:${size}px;line-height:1.2;margin:0 0 28px;white-space:nowrap}
p{font:${body.weight} 17px/1.7 "b";margin:0 0 32px}
a{display:inline-block;font:${body.weight} 16px "b";padding:12px 24px;border-radius:6px;background:hsl(${(hue + 180) % 360} 45% 40%);color:#fff;text-decoration:none}
</style></head><body><nav>${nav}</nav><main><h1>${makeLine(rng, family.script, "heldOut")}</h1><p>${words(4)}</p><a href="#">${makeLine(rng, family.script, "heldOut").split(" ").slice(0, 2).join(" ")}</a></main></body></html>`;
}

/** One whole-page screenshot (1280 px wide, the page's full height) per family. */
export async function wholePageScreenshots(families: LibraryFamily[], rng: Rng): Promise<Case[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const cases: Case[] = [];
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    for (const family of families) {
      const weights = [...new Set(family.variants.filter((v) => !v.italic).map((v) => v.weight))];
      const headingWeight = weights.length ? weights[Math.floor(rng() * weights.length)]! : family.variants[0]!.weight;
      const heading = nearest(family, headingWeight);
      const body = nearest(family, 400);
      const size = Math.round(36 + rng() * 40);
      await tab.setContent(page(family, heading, body, size, rng));
      await tab.evaluate(() => document.fonts.ready);
      const loaded = await tab.evaluate((f) => document.fonts.check(f), `${size}px "h"`);
      if (!loaded) throw new Error(`Chromium did not load ${family.id} ${heading.weight}`);
      const image = await tab.screenshot({ type: "png", fullPage: true });
      cases.push({ family, variant: heading, text: "(whole page)", fontSizePx: size, image });
    }
  } finally {
    await browser.close();
  }
  return cases;
}
