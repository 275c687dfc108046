import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
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

/** A GET over real HTTP, the body as it crossed the wire. */
function httpGet(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const exchange = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    exchange.on("error", reject).end();
  });
}

/** The headers that describe the answer (not the exchange: date, connection, request id). */
function answerHeaders(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !/^(date|connection|keep-alive|x-request-id)$/.test(name)),
  );
}

describe("the front door (answers the same for everyone, before the app)", () => {
  let base: string;
  beforeAll(async () => {
    base = await app.listen({ host: "127.0.0.1", port: 0 });
  });

  it("answers every page, asset and the catalog with the app's own status, headers and bytes", async () => {
    const paths = app.frontDoor.paths();
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/ar", "/ar/products", "/assets/index-Ab12Cd34.js", "/api/products"]),
    );
    expect(paths).not.toContain("/404.html");
    for (const path of paths) {
      for (const encoding of ["br, gzip", "gzip", "identity"]) {
        const served = app.frontDoor.served;
        const door = await httpGet(`${base}${path}`, { "accept-encoding": encoding });
        expect(app.frontDoor.served, path).toBe(served + 1);
        const pipeline = await app.inject({ url: path, headers: { "accept-encoding": encoding } });
        expect(door.status, path).toBe(pipeline.statusCode);
        expect(answerHeaders(door.headers), `${path} (${encoding})`).toEqual(answerHeaders(pipeline.headers));
        expect(door.body.equals(pipeline.rawPayload), path).toBe(true);
        expect(door.headers["x-request-id"]).toMatch(/^[\w-]{8}-[0-9a-z]{8,}$/);
      }
    }
  });

  it("sends each header once, with Node's own Date, Connection and Keep-Alive, on a kept-alive socket", async () => {
    // Two requests on one socket, read as bytes: a head built wrong (a header twice, a missing
    // keep-alive line, a Content-Length that disagrees) would show here before a client noticed.
    const heads = await rawHeads(base, "/ar/products", 2);
    for (const head of heads) {
      const names = head
        .split("\r\n")
        .slice(1)
        .map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
      expect(new Set(names).size, head).toBe(names.length);
      expect(names).toEqual(
        expect.arrayContaining(["content-security-policy", "content-length", "x-request-id", "date"]),
      );
      expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(head).toMatch(/\r\nConnection: keep-alive\r\nKeep-Alive: timeout=\d+$/);
    }
  });

  it("closes the connection after its answer when the client asks to", async () => {
    const { port } = new URL(base);
    const served = app.frontDoor.served;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write(
          "GET /ar/products HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\nConnection: close\r\n\r\n",
        ),
      );
      const chunks: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("error", reject);
      // The server ends the socket itself; the test would time out otherwise.
      socket.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
    });
    expect(app.frontDoor.served).toBe(served + 1);
    const head = text.slice(0, text.indexOf("\r\n\r\n"));
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toMatch(/\r\nConnection: close$/);
    expect(head).not.toMatch(/Keep-Alive/i);
    expect(text.length - head.length - 4).toBe(Number(/\r\ncontent-length: (\d+)/.exec(head)?.[1]));
  });

  it("lets through what is not the same for everyone: conditional requests, HEAD, queries, the language cookie", async () => {
    const first = await httpGet(`${base}/ar/products`, { "accept-encoding": "br" });
    const served = app.frontDoor.served;
    const conditional = await httpGet(`${base}/ar/products`, {
      "accept-encoding": "br",
      "if-none-match": first.headers.etag as string,
    });
    expect(conditional.status).toBe(304);
    const remembered = await httpGet(`${base}/`, { cookie: "lang=ar" });
    expect(remembered.status).toBe(302);
    expect(remembered.headers.location).toBe("/ar");
    const head = await httpGet(`${base}/ar/products`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.body.length).toBe(0);
    const query = await httpGet(`${base}/ar/products?from=home`, { "accept-encoding": "br" });
    expect(query.status).toBe(200);
    expect(query.body.equals(first.body)).toBe(true);
    const unknown = await httpGet(`${base}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(app.frontDoor.served).toBe(served);
  });

  it("serves the catalog a write has just changed, not the one before", async () => {
    const before = await httpGet(`${base}/api/products`);
    const price = (body: Buffer, id: string) =>
      (JSON.parse(body.toString()) as { products: { id: string; priceHalalas: number }[] }).products.find(
        (p) => p.id === id,
      )?.priceHalalas;
    expect(await updateProduct(app.db, app.catalogCache, "nawat", { priceHalalas: 41_100 })).toBe(true);
    const after = await httpGet(`${base}/api/products`);
    expect(price(after.body, "nawat")).toBe(41_100);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // Read again from the database and back in the front door.
    await httpGet(`${base}/api/products`);
    const served = app.frontDoor.served;
    expect(price((await httpGet(`${base}/api/products`)).body, "nawat")).toBe(41_100);
    expect(app.frontDoor.served).toBe(served + 1);
  });
});

/** The heads of `count` GETs of `path` sent one after another on one socket, as raw text. */
async function rawHeads(base: string, path: string, count: number): Promise<string[]> {
  const { port } = new URL(base);
  const socket = connect(Number(port), "127.0.0.1");
  const heads: string[] = [];
  let buffer = Buffer.alloc(0);
  return new Promise<string[]>((resolve, reject) => {
    const ask = () => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n`);
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString("latin1");
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? NaN);
        if (buffer.length < end + 4 + length) return;
        heads.push(head);
        buffer = buffer.subarray(end + 4 + length);
        if (heads.length === count) {
          socket.end();
          return resolve(heads);
        }
        ask();
      }
    });
    ask();
  });
}
