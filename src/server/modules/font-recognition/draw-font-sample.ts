import { createHash } from "node:crypto";
import path from "node:path";
import type { LibraryFamily, LibraryVariant } from "#shared/schemas/font-library.ts";

export const SAMPLE_WIDTH = 560;
export const SAMPLE_HEIGHT = 120;

/** The line each family is shown with: a phrase in its own script, then its name for Latin. */
const arabicSample = "بسم الله، أهلًا بكم في الرياض";
const latinSample = "Heritage & Craft 1234";

export type FontSample = { png: Buffer; etag: string };

const registered = new Set<string>();

/** The regular upright cut, or the closest to it. */
function regularVariant(family: LibraryFamily): LibraryVariant | undefined {
  const upright = family.variants.filter((v) => !v.italic);
  const pool = upright.length > 0 ? upright : family.variants;
  return [...pool].sort((a, b) => Math.abs(a.weight - 400) - Math.abs(b.weight - 400))[0];
}

/**
 * Draws a sample of a family from the library's own font files (the ones the model was trained
 * on), so the page shows real specimens without shipping every font to the browser.
 */
export async function drawFontSample(family: LibraryFamily, repoRoot: string): Promise<FontSample | undefined> {
  // The canvas library loads on the first sample, not at server start.
  const { createCanvas, GlobalFonts } = await import("@napi-rs/canvas");
  const variant = regularVariant(family);
  if (!variant) return undefined;
  const alias = `sample-${family.id}`;
  if (!registered.has(alias)) {
    for (const file of variant.files) GlobalFonts.registerFromPath(path.resolve(repoRoot, file), alias);
    registered.add(alias);
  }
  const rtl = family.script === "arabic";
  const text = rtl ? arabicSample : latinSample;
  const canvas = createCanvas(SAMPLE_WIDTH, SAMPLE_HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, SAMPLE_WIDTH, SAMPLE_HEIGHT);
  ctx.fillStyle = "#1b1915";
  ctx.textBaseline = "middle";
  ctx.textAlign = "center";
  ctx.direction = rtl ? "rtl" : "ltr";
  // Shrink until the line fits with a margin: script faces run much wider than text faces.
  let size = 46;
  for (; size > 14; size -= 2) {
    ctx.font = `${size}px "${alias}"`;
    if (ctx.measureText(text).width <= SAMPLE_WIDTH - 40) break;
  }
  ctx.font = `${size}px "${alias}"`;
  ctx.fillText(text, SAMPLE_WIDTH / 2, SAMPLE_HEIGHT / 2);
  const png = canvas.toBuffer("image/png");
  const etag = `"${createHash("sha256").update(png).digest("base64url").slice(0, 27)}"`;
  return { png, etag };
}
