// The evaluation's test images, none of which training saw: Chromium screenshots of text set in each
// font, photo-like degradations of them, lines of held-out words from the training renderer, and
// 2-megapixel photos for timing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, Image, loadImage } from "@napi-rs/canvas";
import { chromium } from "playwright-core";
import sharp from "sharp";
import type { LibraryFamily, LibraryVariant } from "#shared/schemas/font-library.ts";
import { decodeGray, type GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import { blur, lighting, noise, perspective } from "./degrade.ts";
import { renderSample, repoRoot } from "./render-sample.ts";
import { makeLine, type Rng } from "./text-corpus.ts";
import { chromiumFlags, chromiumPath } from "../../scripts/lib/chromium.ts";

/** One test image and the truth about it. */
export interface Case {
  family: LibraryFamily;
  variant: LibraryVariant;
  text: string;
  fontSizePx: number;
  image: Buffer;
}

const mime = (f: string) => (f.endsWith(".woff2") ? "font/woff2" : f.endsWith(".ttf") ? "font/ttf" : "font/otf");

interface Line {
  variant: LibraryVariant;
  size: number;
  text: string;
  fg: string;
  bg: string;
}

/** What a test line says: by default a line of held-out words. */
export type TextOf = (rng: Rng, family: LibraryFamily) => string;
const heldOutLine: TextOf = (rng, family) => makeLine(rng, family.script, "heldOut");

/** `perFamily` lines of held-out words in random variants, sizes and colours. */
function sampleLines(family: LibraryFamily, perFamily: number, rng: Rng, textOf: TextOf = heldOutLine): Line[] {
  return Array.from({ length: perFamily }, () => {
    const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
    const size = Math.round(16 + rng() * 48);
    const dark = rng() < 0.2;
    const hue = Math.floor(rng() * 360);
    const colours = dark
      ? { fg: `hsl(${hue} 30% 92%)`, bg: `hsl(${hue} 35% 14%)` }
      : rng() < 0.5
        ? { fg: "#111", bg: "#fff" }
        : { fg: `hsl(${hue} 45% 22%)`, bg: `hsl(${(hue + 40) % 360} 40% 94%)` };
    return { variant, size, text: textOf(rng, family), ...colours };
  });
}

const faceName = (v: LibraryVariant) => `ev-${v.weight}${v.italic ? "i" : ""}`;

/** One HTML page per family: every sampled line in its own block, the fonts inlined as data URLs. */
function familyPage(family: LibraryFamily, lines: Line[]): string {
  const faces = [...new Set(lines.map((l) => l.variant))].map((v) => {
    const file = path.join(repoRoot, v.files[0]!);
    const data = readFileSync(file).toString("base64");
    return `@font-face{font-family:"${faceName(v)}";src:url(data:${mime(file)};base64,${data});font-weight:${v.weight};font-style:${v.italic ? "italic" : "normal"};font-display:block}`;
  });
  const body = lines
    .map(
      (l, i) =>
        `<div id="l${i}" dir="${family.script === "arabic" ? "rtl" : "ltr"}" style="font-family:'${faceName(l.variant)}';font-size:${l.size}px;font-weight:${l.variant.weight};font-style:${l.variant.italic ? "italic" : "normal"};color:${l.fg};background:${l.bg};padding:${Math.round(l.size * 0.6)}px ${Math.round(l.size * 0.8)}px;display:inline-block;white-space:nowrap;line-height:1.5">${l.text}</div><br>`,
    )
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><style>${faces.join("\n")} body{margin:8px;background:#fff}</style></head><body>${body}</body></html>`;
}

/** A screenshot of every sampled line, each clipped to its own block. */
export async function chromiumScreenshots(
  families: LibraryFamily[],
  perFamily: number,
  rng: Rng,
  textOf?: TextOf,
): Promise<Case[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
  });
  const cases: Case[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    for (const family of families) {
      const lines = sampleLines(family, perFamily, rng, textOf);
      await page.setContent(familyPage(family, lines));
      await page.evaluate(() => document.fonts.ready);
      // Every line on the first screen: a viewport as large as the page (clips are viewport pixels).
      const size = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }));
      await page.setViewportSize({ width: Math.max(1400, size.width), height: Math.max(900, size.height) });
      for (let i = 0; i < lines.length; i++) {
        const l = lines[i]!;
        const loaded = await page.evaluate((f) => document.fonts.check(f), `${l.size}px "${faceName(l.variant)}"`);
        if (!loaded) throw new Error(`Chromium did not load ${family.id} ${l.variant.weight}`);
        // Clip inside the element's box so no sliver of the page around it gets in.
        const bb = (await page.locator(`#l${i}`).boundingBox())!;
        const x = Math.ceil(bb.x);
        const y = Math.ceil(bb.y);
        const clip = { x, y, width: Math.floor(bb.x + bb.width) - x, height: Math.floor(bb.y + bb.height) - y };
        const image = await page.screenshot({ type: "png", clip });
        cases.push({ family, variant: l.variant, text: l.text, fontSizePx: l.size, image });
      }
    }
  } finally {
    await browser.close();
  }
  return cases;
}

/** A screenshot as if photographed: enlarged onto paper, tilted, unevenly lit, soft, noisy, JPEG. */
export async function photoLike(c: Case, rng: Rng): Promise<Case> {
  const gray = await decodeGray(c.image);
  const scale = 0.7 + rng() * 1.6;
  const w = Math.round(gray.width * scale);
  const h = Math.round(gray.height * scale);
  let img: GrayImage = resampleGray(gray, w, h);
  // Paper margin around the crop, as a photo rarely frames the text tightly.
  const pad = Math.round(h * (0.3 + rng() * 0.6));
  const paperLum = img.data[0]!;
  const canvas: GrayImage = {
    width: w + 2 * pad,
    height: h + 2 * pad,
    data: new Uint8Array((w + 2 * pad) * (h + 2 * pad)).fill(paperLum),
  };
  for (let y = 0; y < h; y++) canvas.data.set(img.data.subarray(y * w, (y + 1) * w), (y + pad) * canvas.width + pad);
  img = perspective(canvas, rng, 0.03 + rng() * 0.05);
  img = lighting(img, rng, 0.15 + rng() * 0.35);
  img = blur(img, 0.5 + rng() * 1.0);
  img = noise(img, rng, 3 + rng() * 6);
  const image = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .jpeg({ quality: 45 + Math.floor(rng() * 40) })
    .toBuffer();
  return { ...c, image, fontSizePx: c.fontSizePx * scale };
}

/** Lines of held-out words drawn by the training renderer, with its augmentation. */
export async function heldOutCanvas(families: LibraryFamily[], perFamily: number, rng: Rng): Promise<Case[]> {
  const cases: Case[] = [];
  for (const family of families) {
    for (let i = 0; i < perFamily; i++) {
      const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
      const text = makeLine(rng, family.script, "heldOut");
      const fontSize = Math.round(16 + rng() * 48);
      const s = await renderSample(rng, family, variant, text, { fontSize, augment: true });
      const image = await sharp(s.gray.data, { raw: { width: s.gray.width, height: s.gray.height, channels: 1 } })
        .png()
        .toBuffer();
      cases.push({ family, variant, text, fontSizePx: s.fontSizePx, image });
    }
  }
  return cases;
}

/** A 1920x1080 JPEG photo with a line of text somewhere on a textured, unevenly lit surface. */
async function twoMegapixelPhoto(c: Case): Promise<Buffer> {
  const canvas = createCanvas(1920, 1080);
  const ctx = canvas.getContext("2d");
  const g = ctx.createLinearGradient(0, 0, 1920, 1080);
  g.addColorStop(0, "#d9d2c3");
  g.addColorStop(1, "#a89f8c");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, 1920, 1080);
  for (let i = 0; i < 300; i++) {
    ctx.fillStyle = `rgba(${90 + ((i * 37) % 80)},${80 + ((i * 53) % 70)},${60 + ((i * 29) % 60)},0.05)`;
    ctx.beginPath();
    ctx.arc((i * 733) % 1920, (i * 397) % 1080, 20 + ((i * 13) % 120), 0, Math.PI * 2);
    ctx.fill();
  }
  const img = await loadImage(c.image);
  const scale = Math.min(1400 / img.width, 3);
  ctx.globalCompositeOperation = "multiply";
  ctx.drawImage(img, 260, 400, img.width * scale, img.height * scale);
  return sharp(canvas.toBuffer("image/png")).jpeg({ quality: 85 }).toBuffer();
}

/** Luminance of the first pixel of a PNG screenshot (its background). */
function backgroundLuminance(png: Buffer): number {
  const canvas = createCanvas(1, 1);
  const ctx = canvas.getContext("2d");
  const img = new Image();
  img.src = png;
  ctx.drawImage(img, 0, 0);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return 0.299 * r! + 0.587 * g! + 0.114 * b!;
}

/**
 * Up to 12 screenshots of dark text on a light ground, spread over the set, each pasted into a
 * 2-megapixel photo: the pasted line then reads as print on the surface rather than a sticker.
 */
export async function latencyPhotos(screenshots: Case[]): Promise<Buffer[]> {
  return (await framedPhotos(screenshots, 12)).map((c) => c.image);
}

/** Up to `n` screenshots pasted into 1920x1080 textured photos (no box), with the truth about each. */
export async function framedPhotos(screenshots: Case[], n: number): Promise<Case[]> {
  const light = screenshots.filter((c) => backgroundLuminance(c.image) > 200);
  return Promise.all(
    light
      .filter((_, i) => i % Math.max(1, Math.floor(light.length / n)) === 0)
      .slice(0, n)
      .map(async (c) => ({ ...c, image: await twoMegapixelPhoto(c) })),
  );
}
