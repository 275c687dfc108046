import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ImageDecodeError, ImageTooLargeError, UnsupportedImageTypeError } from "./errors.ts";
import { decodeGray, readImageHeader, sniffImageType } from "./image-input.ts";
import { pngClaiming } from "./test-fixtures.ts";

describe("sniffImageType", () => {
  it("recognises PNG, JPEG and WebP by their magic bytes only", async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } });
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe("png");
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("readImageHeader", () => {
  it("refuses a file that is not a supported image", async () => {
    await expect(readImageHeader(Buffer.from("GIF89a........"))).rejects.toBeInstanceOf(UnsupportedImageTypeError);
  });

  it("refuses absurd dimensions from the header alone, quickly", async () => {
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    const t = performance.now();
    const error = await readImageHeader(bomb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as ImageTooLargeError).width).toBe(50_000);
    expect(performance.now() - t).toBeLessThan(500);
  });

  it("refuses more pixels than one analysis may decode, from the header alone", async () => {
    await expect(readImageHeader(pngClaiming(4000, 4000))).resolves.toEqual({ type: "png", width: 4000, height: 4000 });
    const error = await readImageHeader(pngClaiming(8000, 5000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect(error).toMatchObject({ width: 8000, height: 5000, limit: "pixels" });
  });

  it("accepts a normal image", async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expect(readImageHeader(png)).resolves.toEqual({ type: "png", width: 30, height: 20 });
  });

  it("reports a damaged image of a supported type as undecodable", async () => {
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("not really a png"),
    ]);
    await expect(readImageHeader(broken)).rejects.toBeInstanceOf(ImageDecodeError);
  });
});

describe("decodeGray", () => {
  it("decodes to one byte per pixel, flattening transparency onto white", async () => {
    const png = await sharp({
      create: { width: 8, height: 6, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const gray = await decodeGray(png);
    expect(gray.width).toBe(8);
    expect(gray.height).toBe(6);
    expect(gray.data).toHaveLength(48);
    expect(gray.data[0]).toBe(255);
  });
});
