import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { ar } from "#shared/i18n/ar.ts";
import { en } from "#shared/i18n/en.ts";

let app: FastifyInstance;
let png40: Buffer;

beforeAll(async () => {
  app = await createTestApp();
  // 40 megapixels of white with one dark band: a few KB that would decode to 120 MB of RGB.
  png40 = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: "#ffffff" } })
    .composite([
      { input: { create: { width: 3000, height: 200, channels: 3, background: "#111111" } }, left: 2500, top: 2400 },
    ])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
});
afterAll(async () => {
  await app.close();
});

const analyze = (image: Buffer, lang: string) =>
  app.inject({
    method: "POST",
    url: "/api/analyze-font",
    headers: { "content-type": "application/json", "accept-language": lang },
    payload: JSON.stringify({ image: `data:image/png;base64,${image.toString("base64")}` }),
  });

describe("the pixel limit of one font analysis", () => {
  it("refuses a small PNG of 40 megapixels with 413 in the caller's language, without decoding it", async () => {
    expect(png40.length).toBeLessThan(100_000);
    const started = performance.now();
    const english = await analyze(png40, "en");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(english.statusCode).toBe(413);
    expect(english.json()).toEqual({
      error: {
        code: "image_too_many_pixels",
        message: en.fontAnalysis.errors.pixels
          .replace("{width}", "8000")
          .replace("{height}", "5000")
          .replace("{megapixels}", "40")
          .replace("{max}", "16"),
      },
    });
    // The model was never needed to refuse it.
    expect(app.fontRecognizer.state).toBe("idle");

    const arabic = await analyze(png40, "ar");
    expect(arabic.statusCode).toBe(413);
    expect(arabic.json().error.message).toContain(ar.fontAnalysis.errors.pixels.split(" (")[0]);
  });
});
