// Images for the font-recognition tests.
import { deflateSync } from "node:zlib";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { projectPath } from "#server/lib/project-root.ts";
import { rgbaToGray, type GrayImage } from "./image-input.ts";

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims `width` x `height`: the shape of a decompression bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface Scene {
  width: number;
  height: number;
  background: string | ((ctx: ReturnType<ReturnType<typeof createCanvas>["getContext"]>) => void);
  /** `font`: a file of an @fontsource package (default Lora), e.g. "anton/files/anton-latin-400-normal.woff2". */
  lines: { text: string; x: number; y: number; size: number; colour: string; font?: string }[];
}

const sceneFonts = new Map<string, string>();

/** The family name a @fontsource file is registered under for drawing, registering it once. */
function sceneFont(file = "lora/files/lora-latin-400-normal.woff2"): string {
  let name = sceneFonts.get(file);
  if (!name) {
    name = `PreTest${sceneFonts.size}`;
    GlobalFonts.registerFromPath(projectPath(`node_modules/@fontsource/${file}`), name);
    sceneFonts.set(file, name);
  }
  return name;
}

/** Lines of text drawn on a plain or painted ground, as the grayscale image the layout analysis reads. */
export async function drawScene(scene: Scene): Promise<GrayImage> {
  const canvas = createCanvas(scene.width, scene.height);
  const ctx = canvas.getContext("2d");
  if (typeof scene.background === "string") {
    ctx.fillStyle = scene.background;
    ctx.fillRect(0, 0, scene.width, scene.height);
  } else scene.background(ctx);
  for (const l of scene.lines) {
    ctx.fillStyle = l.colour;
    ctx.font = `${l.size}px ${sceneFont(l.font)}`;
    ctx.fillText(l.text, l.x, l.y);
  }
  const { data } = ctx.getImageData(0, 0, scene.width, scene.height);
  return rgbaToGray(new Uint8Array(data.buffer, data.byteOffset, data.length), scene.width, scene.height);
}
