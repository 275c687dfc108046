/**
 * Media naming shared by the build (scripts/build-media.ts), the server (/api/image) and the
 * client (<Picture>, <LoopVideo>): an original `bowl.jpg` in media/ gets responsive variants
 * `bowl-480.avif`, `bowl-480.webp`, ... up to its own width, never upscaled (DESIGN D12).
 */
export const variantWidths = [480, 800, 1200, 1600, 1920] as const; // 1920 is the largest
export const variantFormats = ["avif", "webp"] as const;
export type VariantFormat = (typeof variantFormats)[number];

/** Compact manifest entry: [width, height, content hash]; videos and SVGs have 0 × 0. */
export type MediaEntry = readonly [number, number, string];
export type MediaManifest = Record<string, MediaEntry>;

/** Raster originals that get AVIF/WebP variants. */
export const rasterPattern = /\.(jpe?g|png)$/i;

/** The widths an original of `width` pixels is published in, smallest first. */
export function widthsFor(width: number): number[] {
  const widths: number[] = variantWidths.filter((w) => w < width);
  const top = Math.min(width, 1920);
  if (!widths.includes(top)) widths.push(top);
  return widths;
}

/** "bowl.jpg" -> "bowl". */
export function baseName(file: string): string {
  return file.replace(/\.[^.]+$/, "");
}

export function variantName(file: string, width: number, format: VariantFormat): string {
  return `${baseName(file)}-${width}.${format}`;
}

/** Names /api/image accepts: lower-case words, one extension, nothing that could leave the folder. */
export const mediaNamePattern = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:jpe?g|png|webp|avif|svg|webm|mp4)$/;

export function mediaUrl(name: string, hash?: string): string {
  return `/api/image/${name}${hash ? `?v=${hash}` : ""}`;
}
