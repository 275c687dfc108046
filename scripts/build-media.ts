/**
 * The media step of `npm run build` (DESIGN D12): every raster original in media/ is published as
 * responsive AVIF and WebP variants in dist/media/ (never upscaled), and a manifest records each
 * original's size and content hash. The client reads the compact manifest
 * (content/media-manifest.json) for srcset, width/height and `?v=` cache-busting; the server reads
 * dist/media/manifest.json to know which `?v=` is current. Incremental: a variant newer than its
 * source is kept. Runs on its own too: `node --import tsx scripts/build-media.ts`.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import sharp, { type Sharp } from "sharp";
import {
  mediaNamePattern,
  rasterPattern,
  variantFormats,
  variantName,
  widthsFor,
  type MediaManifest,
} from "#shared/media.ts";

export type FullManifest = {
  files: Record<string, { width: number; height: number; hash: string; variants: string[] }>;
};

const encoders = {
  avif: (image: Sharp) => image.avif({ quality: 52, effort: 3, chromaSubsampling: "4:2:0" }),
  webp: (image: Sharp) => image.webp({ quality: 78, effort: 4 }),
} as const;

async function newerThan(file: string, sourceMtime: number): Promise<boolean> {
  try {
    return (await stat(file)).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
}

/** An SVG's intrinsic size: its width/height attributes, or else its viewBox. */
export function svgSize(svg: string, name: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  if (!root) throw new Error(`media/${name} has no <svg> element`);
  const attribute = (key: string) => Number(new RegExp(`\\s${key}="([\\d.]+)(?:px)?"`).exec(root)?.[1]);
  const [, , w, h] = (/\sviewBox="([^"]+)"/.exec(root)?.[1] ?? "")
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = attribute("width") || w;
  const height = attribute("height") || h;
  if (!width || !height) throw new Error(`media/${name} states neither width/height nor a viewBox`);
  return { width: Math.round(width), height: Math.round(height) };
}

export async function buildMedia(
  options: {
    sourceDir?: string;
    outDir?: string;
    clientManifest?: string | null;
    /** Which originals get their variants encoded (default: all); the others are only measured. */
    encode?: (name: string) => boolean;
  } = {},
) {
  const sourceDir = resolve(options.sourceDir ?? "media");
  const outDir = resolve(options.outDir ?? "dist/media");
  const clientManifest = options.clientManifest === undefined ? "content/media-manifest.json" : options.clientManifest;
  await mkdir(outDir, { recursive: true });

  const names = existsSync(sourceDir)
    ? (await readdir(sourceDir, { withFileTypes: true }))
        .filter((e) => e.isFile() && mediaNamePattern.test(e.name))
        .map((e) => e.name)
        .sort()
    : [];

  const full: FullManifest = { files: {} };
  const compact: MediaManifest = {};
  let written = 0;
  for (const name of names) {
    const source = join(sourceDir, name);
    const bytes = await readFile(source);
    const hash = createHash("sha1").update(bytes).digest("hex").slice(0, 8);
    if (!rasterPattern.test(name)) {
      const { width, height } = name.endsWith(".svg") ? svgSize(bytes.toString("utf8"), name) : { width: 0, height: 0 };
      full.files[name] = { width, height, hash, variants: [] };
      compact[name] = [width, height, hash];
      continue;
    }
    const { mtimeMs } = await stat(source);
    const meta = await sharp(bytes).metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const variants: string[] = [];
    for (const w of widthsFor(width)) {
      for (const format of variantFormats) {
        const variant = variantName(name, w, format);
        variants.push(variant);
        const target = join(outDir, variant);
        if ((options.encode && !options.encode(name)) || (await newerThan(target, mtimeMs))) continue;
        await encoders[format](sharp(bytes).resize({ width: w, withoutEnlargement: true })).toFile(target);
        written++;
      }
    }
    full.files[name] = { width, height, hash, variants };
    compact[name] = [width, height, hash];
  }

  await writeFile(join(outDir, "manifest.json"), `${JSON.stringify(full, null, 2)}\n`);
  if (clientManifest) {
    const lines = Object.entries(compact).map(([name, entry]) => `  ${JSON.stringify(name)}: ${JSON.stringify(entry)}`);
    const text = `{\n${lines.join(",\n")}\n}\n`;
    const previous = existsSync(clientManifest) ? await readFile(clientManifest, "utf8") : "";
    if (previous !== text) await writeFile(clientManifest, text);
  }
  console.log(`media: ${names.length} originals, ${written} variants written`);
  return full;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildMedia();
}
