// Photo-like degradations of a grayscale image: perspective, blur, lighting, noise, resampling, JPEG.
import sharp from "sharp";
import { decodeGray, type GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import type { Rng } from "./text-corpus.ts";

export function gaussian(rng: Rng): number {
  const u = Math.max(1e-9, rng());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** Projective warp: each corner moves by up to `strength` of the shorter side. Edges are replicated. */
export function perspective(img: GrayImage, rng: Rng, strength: number): GrayImage {
  const { width: w, height: h } = img;
  const s = strength * Math.min(w, h);
  const dst: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ].map(([x, y]) => [x! + (rng() * 2 - 1) * s, y! + (rng() * 2 - 1) * s]);
  const src: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const H = homography(dst, src);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = H[6]! * x + H[7]! * y + 1;
      const u = Math.min(w - 1.001, Math.max(0, (H[0]! * x + H[1]! * y + H[2]!) / d));
      const v = Math.min(h - 1.001, Math.max(0, (H[3]! * x + H[4]! * y + H[5]!) / d));
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const ax = u - x0;
      const ay = v - y0;
      const i = y0 * w + x0;
      const p = img.data;
      out[y * w + x] =
        (p[i]! * (1 - ax) + p[i + 1]! * ax) * (1 - ay) + (p[i + w]! * (1 - ax) + p[i + w + 1]! * ax) * ay;
    }
  }
  return { width: w, height: h, data: out };
}

/** The 3x3 homography (h33 = 1) mapping four points `from` onto `to`, by Gaussian elimination. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k < 9; k++) A[r]![k]! -= f * A[c]![k]!;
    }
  }
  return A.map((row, i) => row[8]! / row[i]!);
}

export function blur(img: GrayImage, sigma: number): GrayImage {
  const r = Math.max(1, Math.ceil(sigma * 2.5));
  const k: number[] = [];
  let sum = 0;
  for (let i = -r; i <= r; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k.push(v);
    sum += v;
  }
  const kn = k.map((v) => v / sum);
  const { width: w, height: h } = img;
  const tmp = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let a = 0;
      for (let i = -r; i <= r; i++) a += img.data[y * w + Math.min(w - 1, Math.max(0, x + i))]! * kn[i + r]!;
      tmp[y * w + x] = a;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let a = 0;
      for (let i = -r; i <= r; i++) a += tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x]! * kn[i + r]!;
      out[y * w + x] = a;
    }
  }
  return { width: w, height: h, data: out };
}

/** Uneven lighting: a linear falloff across the image plus a vignette. */
export function lighting(img: GrayImage, rng: Rng, amount: number): GrayImage {
  const { width: w, height: h } = img;
  const angle = rng() * Math.PI * 2;
  const cx = Math.cos(angle);
  const cy = Math.sin(angle);
  const vig = rng() * amount;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const nx = x / w - 0.5;
      const ny = y / h - 0.5;
      const g = 1 - amount * (0.5 + nx * cx + ny * cy) - vig * (nx * nx + ny * ny) * 2;
      out[y * w + x] = Math.min(255, Math.max(0, img.data[y * w + x]! * g + 20 * amount));
    }
  }
  return { width: w, height: h, data: out };
}

export function noise(img: GrayImage, rng: Rng, sigma: number): GrayImage {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(255, Math.max(0, img.data[i]! + gaussian(rng) * sigma));
  return { width: img.width, height: img.height, data: out };
}

/** Shrinks and enlarges back: the softness of a low-resolution capture. */
export function resampleRoundTrip(img: GrayImage, factor: number): GrayImage {
  const small = resampleGray(
    img,
    Math.max(2, Math.round(img.width * factor)),
    Math.max(2, Math.round(img.height * factor)),
  );
  return resampleGray(small, img.width, img.height);
}

/** Encodes as JPEG and decodes through the server's own decoder. */
export async function jpeg(img: GrayImage, quality: number): Promise<GrayImage> {
  const bytes = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 1 } })
    .jpeg({ quality })
    .toBuffer();
  return decodeGray(bytes);
}
