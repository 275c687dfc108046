import { mkdtempSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMedia } from "../../../../../scripts/build-media.ts";
import { createTestApp } from "#tests/helpers/app.ts";

let app: FastifyInstance;
let hash = "";
const root = mkdtempSync(join(tmpdir(), "image-route-"));
const mediaDir = join(root, "media");
const staticDir = join(root, "dist", "client");

beforeAll(async () => {
  mkdirSync(mediaDir, { recursive: true });
  mkdirSync(staticDir, { recursive: true });
  await sharp({ create: { width: 900, height: 600, channels: 3, background: "#5b3a24" } })
    .jpeg()
    .toFile(join(mediaDir, "bowl.jpg"));
  writeFileSync(join(mediaDir, "loop.webm"), Buffer.alloc(4096, 7));
  writeFileSync(join(root, "secret.txt"), "do not serve");
  const manifest = await buildMedia({ sourceDir: mediaDir, outDir: join(root, "dist", "media"), clientManifest: null });
  hash = manifest.files["bowl.jpg"]!.hash;
  app = await createTestApp({ MEDIA_DIR: mediaDir, STATIC_DIR: staticDir });
});

afterAll(async () => {
  await app?.close();
});

describe("GET /api/image/:name", () => {
  it("resolves a bare name (spec §7: `nawat`) to its original, an image before a video", async () => {
    const res = await app.inject({ url: "/api/image/bowl" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(900);
    const video = await app.inject({ url: "/api/image/loop" });
    expect(video.statusCode).toBe(200);
    expect(video.headers["content-type"]).toBe("video/webm");
    const missing = await app.inject({ url: "/api/image/nothing", headers: { "accept-language": "ar" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("not_found");
    expect((await app.inject({ url: "/api/image/..%2Fsecret" })).statusCode).toBe(404);
  });

  it("builds variants that are never upscaled", async () => {
    const res = await app.inject({ url: "/api/image/bowl-800.avif" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
    expect((await app.inject({ url: "/api/image/bowl-900.webp" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/image/bowl-1200.webp" })).statusCode).toBe(404);
  });

  it("rebuilds incrementally: variants newer than their source are kept", async () => {
    const variant = join(root, "dist", "media", "bowl-480.webp");
    const before = statSync(variant).mtimeMs;
    const again = await buildMedia({ sourceDir: mediaDir, outDir: join(root, "dist", "media"), clientManifest: null });
    expect(statSync(variant).mtimeMs).toBe(before);
    expect(again.files["bowl.jpg"]).toMatchObject({ width: 900, height: 600, hash });
    expect(again.files["bowl.jpg"]!.variants).toEqual([
      "bowl-480.avif",
      "bowl-480.webp",
      "bowl-800.avif",
      "bowl-800.webp",
      "bowl-900.avif",
      "bowl-900.webp",
    ]);
    expect(again.files["loop.webm"]).toMatchObject({ width: 0, height: 0, variants: [] });
  });

  it("serves originals with type, ETag and a long lifetime only for the current hash", async () => {
    const fresh = await app.inject({ url: `/api/image/bowl.jpg?v=${hash}` });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers["content-type"]).toBe("image/jpeg");
    expect(fresh.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(fresh.headers.etag).toBeTruthy();

    const stale = await app.inject({ url: "/api/image/bowl.jpg?v=00000000" });
    expect(stale.headers["cache-control"]).toBe("public, max-age=3600, must-revalidate");
    const bare = await app.inject({ url: "/api/image/bowl.jpg" });
    expect(bare.headers["cache-control"]).toBe("public, max-age=3600, must-revalidate");

    const again = await app.inject({
      url: "/api/image/bowl.jpg",
      headers: { "if-none-match": String(fresh.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers byte ranges for video seeking", async () => {
    const res = await app.inject({ url: "/api/image/loop.webm", headers: { range: "bytes=100-199" } });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-type"]).toBe("video/webm");
    expect(res.headers["content-range"]).toBe("bytes 100-199/4096");
    expect(res.rawPayload.length).toBe(100);
  });

  it("answers 404 JSON for unknown or unsafe names", async () => {
    for (const url of [
      "/api/image/missing.jpg",
      "/api/image/..%2Fsecret.txt",
      "/api/image/secret.txt",
      "/api/image/%2E%2E",
      "/api/image/manifest.json",
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: "not_found" } });
    }
  });
});
