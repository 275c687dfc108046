// Photographic backgrounds for the training renderers (the font model's lines and the text detector's
// crops): the project's training photographs, Debian wallpapers that the independent sets do not draw
// on, and the gate's generated product shots and textures. Nothing here is among the independent
// sets' backgrounds (independent/backgrounds.json); wallpaperFiles() refuses to start if it were.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { cropGray, resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import { GATE_TRAIN_PHOTOS, negativeImage } from "./gate-data.ts";
import type { Rng } from "./text-corpus.ts";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * Debian wallpapers of packages the independent sets do not draw on (their backgrounds.json lists
 * Plasma, MATE, UKUI, Lomiri and MyPaint): GNOME's, and desktop-base's "nologo" login backgrounds
 * (its wallpapers and GRUB backgrounds carry the lettering "debian 11" and the like, text the labels
 * would call background). sway-backgrounds is left out for the same reason: every file shows "SWAY".
 */
export function wallpaperFiles(): string[] {
  const list = (dir: string, re: RegExp) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => re.test(f))
          .map((f) => path.join(dir, f))
      : [];
  const base = "/usr/share/desktop-base";
  const themes = existsSync(base) ? readdirSync(base).filter((t) => t.endsWith("-theme")) : [];
  const files = [
    ...list("/usr/share/backgrounds/gnome", /\.(webp|svg|jpg|png)$/),
    ...themes.filter((t) => t !== "active-theme").flatMap((t) => list(path.join(base, t, "login"), /nologo\.svg$/)),
  ].sort();
  const independent = JSON.parse(
    readFileSync(path.join(repoRoot, "ml/font-recognition/independent/backgrounds.json"), "utf8"),
  ) as { files: { path: string }[] };
  const banned = new Set(independent.files.map((f) => f.path));
  const clash = files.filter((f) => banned.has(f));
  if (clash.length) throw new Error(`independent sets' backgrounds among the training ones: ${clash.join(", ")}`);
  return files;
}

const wallCache = new Map<string, GrayImage>();
async function wallpaper(file: string): Promise<GrayImage> {
  let g = wallCache.get(file);
  if (!g) {
    const { data, info } = await sharp(file, { density: 96 })
      .resize({ width: 1600, height: 1600, fit: "inside" })
      .flatten({ background: "#808080" })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    g = { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    wallCache.set(file, g);
  }
  return g;
}

/** A w x h stretch of a wallpaper, taken at 0.4-3 times the output's scale. */
export async function wallpaperCrop(rng: Rng, file: string, w: number, h: number): Promise<GrayImage> {
  const src = await wallpaper(file);
  const f = Math.min(0.4 + rng() * 2.6, src.width / w, src.height / h);
  const cw = Math.max(1, Math.round(w * f));
  const ch = Math.max(1, Math.round(h * f));
  const x = Math.floor(rng() * (src.width - cw + 1));
  const y = Math.floor(rng() * (src.height - ch + 1));
  return resampleGray(cropGray(src, { x, y, w: cw, h: ch }), w, h);
}

/**
 * A photographic background of w x h: a training photograph (40%), a wallpaper (35%), or the gate's
 * generated product shot or texture (25%).
 */
export async function photoBackground(rng: Rng, w: number, h: number, walls: readonly string[]): Promise<GrayImage> {
  const r = rng();
  if (r < 0.4 || !walls.length) return negativeImage(rng, "photo", GATE_TRAIN_PHOTOS, { w, h });
  if (r < 0.75) return wallpaperCrop(rng, walls[Math.floor(rng() * walls.length)]!, w, h);
  return negativeImage(rng, rng() < 0.5 ? "product" : "texture", GATE_TRAIN_PHOTOS, { w, h });
}
