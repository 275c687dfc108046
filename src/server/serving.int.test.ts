import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { createStaticFixture } from "#tests/helpers/static-fixture.ts";
import { precompress } from "../../scripts/lib/precompress.ts";
import { updateProduct } from "./modules/products/update-product.ts";

// Issue 9: pages and assets leave as the build compressed them, API answers only when worth it.
let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = createStaticFixture();
  // Pages of a real size (the fixture's are a few bytes, which no encoding makes smaller).
  const filler = "<p>Handcrafted in Riyadh. صنع يدويًا في الرياض.</p>".repeat(20);
  writeFileSync(
    join(root, "ar/products/index.html"),
    `<!doctype html><html lang="ar" dir="rtl"><h1>المنتجات</h1>${filler}</html>`,
  );
  writeFileSync(
    join(root, "404.html"),
    `<!doctype html><html lang="en" dir="ltr"><h1>Page Not Found</h1>${filler}</html>`,
  );
  // As `npm run build` does: `.br`/`.gz` twins beside the files of 1 KB or more (the fixture's
  // asset; its pages are smaller, so the server compresses those once, when it loads them).
  await precompress(root);
  app = await createTestApp({ STATIC_DIR: root });
});
afterAll(async () => {
  await app.close();
});

const plain = () => readFileSync(join(root, "ar/products/index.html"));

describe("prerendered pages", () => {
  it("are sent brotli, gzip or plain by Accept-Encoding, each with its ETag and Vary", async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        url: "/ar/products",
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });

    const br = await get("gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload)).toEqual(plain());

    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(gz.rawPayload)).toEqual(plain());

    const identity = await get();
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toBe("Accept-Encoding");
    expect(identity.rawPayload).toEqual(plain());
    expect(identity.headers["content-length"]).toBe(String(plain().length));

    const etags = new Set([br.headers.etag, gz.headers.etag, identity.headers.etag]);
    expect(etags.size).toBe(3);
  });

  it("answers 304 to the ETag of the variant asked for, and 200 to another variant's", async () => {
    const br = await app.inject({ url: "/ar/products", headers: { "accept-encoding": "br" } });
    const etag = br.headers.etag as string;
    const again = await app.inject({
      url: "/ar/products",
      headers: { "accept-encoding": "br", "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe("");
    const other = await app.inject({
      url: "/ar/products",
      headers: { "accept-encoding": "gzip", "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers["content-encoding"]).toBe("gzip");
  });

  it("keeps Vary: Cookie on the home page and compresses the 404 page too", async () => {
    const home = await app.inject({ url: "/", headers: { "accept-encoding": "br" } });
    expect(home.headers.vary).toBe("Cookie, Accept-Encoding");
    const missing = await app.inject({ url: "/no-such-page", headers: { "accept-encoding": "gzip" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(missing.rawPayload).toString()).toContain("Page Not Found");
  });

  it("does not serve the compressed twins of pages as files", async () => {
    expect((await app.inject("/ar/products/index.html.br")).statusCode).toBe(404);
    expect((await app.inject("/assets/index-Ab12Cd34.js.br")).statusCode).toBe(404);
  });
});

describe("hashed assets", () => {
  const asset = "/assets/index-Ab12Cd34.js";

  it("are sent from the file the build compressed", async () => {
    const br = await app.inject({ url: asset, headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Byte for byte the twin on disk: nothing was compressed for this request.
    expect(br.rawPayload).toEqual(readFileSync(join(root, "assets/index-Ab12Cd34.js.br")));

    const gz = await app.inject({ url: asset, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload).toEqual(readFileSync(join(root, "assets/index-Ab12Cd34.js.gz")));

    const identity = await app.inject({ url: asset, headers: { "accept-encoding": "identity" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.rawPayload).toEqual(readFileSync(join(root, "assets/index-Ab12Cd34.js")));
  });
});

describe("API answers", () => {
  it("leave a small answer uncompressed and compress a large one", async () => {
    const small = await app.inject({ url: "/api/products", headers: { "accept-encoding": "br, gzip" } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1400);
    expect(small.headers["content-encoding"]).toBeUndefined();

    const large = await app.inject({ url: "/api/fonts", headers: { "accept-encoding": "br, gzip" } });
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).families.length).toBeGreaterThan(10);
  });
});

describe("the product catalog", () => {
  it("is served from memory and read again after a product is written", async () => {
    const before = await app.inject("/api/products");
    expect(before.json().products.find((p: { id: string }) => p.id === "nawat").priceHalalas).toBe(42_200);
    const etag = before.headers.etag as string;
    expect((await app.inject({ url: "/api/products", headers: { "if-none-match": etag } })).statusCode).toBe(304);

    expect(await updateProduct(app.db, app.catalogCache, "nawat", { priceHalalas: 39_900 })).toBe(true);
    const after = await app.inject({ url: "/api/products", headers: { "if-none-match": etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().products.find((p: { id: string }) => p.id === "nawat").priceHalalas).toBe(39_900);

    expect(await updateProduct(app.db, app.catalogCache, "sanam", { active: false })).toBe(true);
    expect((await app.inject("/api/products")).json().products.map((p: { id: string }) => p.id)).toEqual(["nawat"]);
  });
});
