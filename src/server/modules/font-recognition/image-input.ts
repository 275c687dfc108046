// Turning uploaded bytes into a grayscale bitmap, refusing what is not a supported image or too big
// before any pixel is decoded.
import type { Metadata } from "sharp";

// sharp loads on first use, not at server start (the site must be ready within 3 s).
const loadSharp = async () => (await import("sharp")).default;
import { ImageDecodeError, ImageTooLargeError, UnsupportedImageTypeError } from "./errors.ts";

export type ImageType = "png" | "jpeg" | "webp";

export interface GrayImage {
  width: number;
  height: number;
  /** One byte per pixel, row-major. */
  data: Uint8Array;
}

export interface ImageLimits {
  /** Largest accepted width or height in pixels. */
  maxDimension: number;
  /** Largest accepted width * height. */
  maxPixels: number;
}

/**
 * What one analysis may decode. Decoding costs memory and time in proportion to the pixels (a
 * 40-megapixel PNG of 15 KB took 2-4 s and some 200 MB), so the count is capped: 16 megapixels
 * holds a 12-megapixel phone photo (4032 x 3024) and a 5K screenshot, and bounds a worker's
 * peak at about 100 MB.
 */
export const defaultImageLimits: ImageLimits = { maxDimension: 12_000, maxPixels: 16_000_000 };

export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  )
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  return undefined;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * Reads only the header (sharp's metadata does not decode pixels) and refuses absurd dimensions, so a
 * small file that claims a gigapixel canvas costs almost nothing.
 */
export async function readImageHeader(
  bytes: Uint8Array,
  limits: ImageLimits = defaultImageLimits,
): Promise<{ type: ImageType; width: number; height: number }> {
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedImageTypeError("Only PNG, JPEG and WebP images are supported");
  let meta: Metadata;
  try {
    const sharp = await loadSharp();
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageDecodeError("The image is damaged or cannot be read");
  }
  const { width, height } = meta;
  if (!width || !height) throw new ImageDecodeError("The image has no dimensions");
  if (width > limits.maxDimension || height > limits.maxDimension) {
    throw new ImageTooLargeError(`Image dimensions ${width}x${height} exceed the limit`, width, height, "dimension");
  }
  if (width * height > limits.maxPixels) {
    throw new ImageTooLargeError(`Image of ${width}x${height} pixels exceeds the pixel limit`, width, height, "pixels");
  }
  return { type, width, height };
}

/** Header check, then decode to 8-bit grayscale (EXIF orientation applied, alpha flattened on white). */
export async function decodeGray(bytes: Uint8Array, limits: ImageLimits = defaultImageLimits): Promise<GrayImage> {
  await readImageHeader(bytes, limits);
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: "error" })
      .rotate()
      .flatten({ background: "#ffffff" })
      .grayscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return toGray(data, info.width, info.height, info.channels);
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new ImageTooLargeError("Image exceeds the pixel limit", 0, 0, "pixels");
    throw new ImageDecodeError("The image is damaged or cannot be decoded");
  }
}

/** The same grayscale conversion for pixels that never were a file (rendered training samples). */
export async function rgbaToGray(rgba: Uint8Array, width: number, height: number): Promise<GrayImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .flatten({ background: "#ffffff" })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return toGray(data, info.width, info.height, info.channels);
}

function toGray(data: Buffer, width: number, height: number, channels: number): GrayImage {
  if (channels === 1) return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels]!;
  return { width, height, data: out };
}
