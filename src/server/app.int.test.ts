import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { createStaticFixture, fixtureStyle } from "#tests/helpers/static-fixture.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp({ STATIC_DIR: createStaticFixture() });
});
afterAll(async () => {
  await app.close();
});

describe("health", () => {
  it("answers /healthz and /readyz with the database reachable", async () => {
    expect((await app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
  });
});

describe("database", () => {
  it("applied the migrations and seeded the catalog at start", async () => {
    const response = await app.inject("/api/products");
    expect(response.statusCode).toBe(200);
    expect(response.json().products).toEqual([
      { id: "nawat", name: "Nawat Date Bowl", nameAr: "صحن نواة للتمر", priceHalalas: 42_200, currency: "SAR" },
      { id: "sanam", name: "Sanam Incense Holder", nameAr: "مبخرة سنام", priceHalalas: 35_000, currency: "SAR" },
    ]);
  });
});

describe("unknown paths", () => {
  it("answers unknown API paths with a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await app.inject({ method, url: "/api/nothing-here?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toEqual({
        error: { code: "not_found", message: `No API route for ${method} /api/nothing-here.` },
      });
    }
  });

  it("answers unknown pages with the 404 page in the path's language, status 404", async () => {
    const english = await app.inject("/no-such-page");
    expect(english.statusCode).toBe(404);
    expect(english.headers["content-type"]).toContain("text/html");
    expect(english.body).toContain("Page Not Found");

    const arabic = await app.inject("/ar/no-such-page");
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('lang="ar" dir="rtl"');
    expect(arabic.body).toContain("الصفحة غير موجودة");
  });

  it("does not serve the HTML files under their file names", async () => {
    expect((await app.inject("/index.html")).statusCode).toBe(404);
  });
});

describe("pages", () => {
  it("serves the prerendered page with lang/dir in the first bytes, revalidated by ETag", async () => {
    const response = await app.inject("/ar/products");
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('<!doctype html><html lang="ar" dir="rtl">')).toBe(true);
    expect(response.headers["cache-control"]).toBe("no-cache");
    const etag = response.headers.etag as string;
    const again = await app.inject({ url: "/ar/products", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
  });

  it("caches hashed assets for a year", async () => {
    const response = await app.inject("/assets/index-Ab12Cd34.js");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("compresses what it sends when the client accepts it", async () => {
    const response = await app.inject({ url: "/assets/index-Ab12Cd34.js", headers: { "accept-encoding": "gzip" } });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("redirects /shop to the products page and drops trailing slashes", async () => {
    expect((await app.inject("/shop")).headers.location).toBe("/products");
    expect((await app.inject("/ar/shop")).headers.location).toBe("/ar/products");
    const slash = await app.inject("/products/?a=1");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/products?a=1");
  });

  it("opens the home page in the remembered language", async () => {
    const toArabic = await app.inject({ url: "/", headers: { cookie: "lang=ar" } });
    expect(toArabic.statusCode).toBe(302);
    expect(toArabic.headers.location).toBe("/ar");
    const toEnglish = await app.inject({ url: "/ar", headers: { cookie: "lang=en" } });
    expect(toEnglish.headers.location).toBe("/");
    expect((await app.inject({ url: "/ar", headers: { cookie: "lang=ar" } })).statusCode).toBe(200);
  });
});

describe("security", () => {
  it("sends a strict Content-Security-Policy and the usual protective headers", async () => {
    const response = await app.inject("/");
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("allows the page's inlined stylesheet by its hash, and no other inline style element", async () => {
    const response = await app.inject("/");
    const styleSrc = /style-src ([^;]*)/.exec(response.headers["content-security-policy"] as string)?.[1] ?? "";
    const inlined = /<style>(.*?)<\/style>/.exec(response.body)?.[1];
    expect(inlined).toBe(fixtureStyle);
    const hash = `'sha256-${createHash("sha256").update(inlined!).digest("base64")}'`;
    expect(styleSrc.split(" ")).toEqual(["'self'", hash]);
    expect(styleSrc).not.toContain("unsafe-inline");
    // Each page is allowed its own stylesheet only: one without any gets none.
    const other = await app.inject("/products");
    expect(/style-src ([^;]*)/.exec(other.headers["content-security-policy"] as string)?.[1]).toBe("'self'");
  });

  it("refuses state-changing requests from another site", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/products",
      headers: { origin: "https://evil.example", host: "localhost:3000" },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("foreign_origin");
  });

  it("tags every response with a request id, keeping a well-formed one from the caller", async () => {
    const response = await app.inject({ url: "/healthz", headers: { "x-request-id": "req-12345678" } });
    expect(response.headers["x-request-id"]).toBe("req-12345678");
    const generated = await app.inject({ url: "/healthz", headers: { "x-request-id": "<script>" } });
    const next = await app.inject({ url: "/healthz" });
    expect(generated.headers["x-request-id"]).toMatch(/^[\w-]{8}-[0-9a-z]{8,}$/);
    expect(next.headers["x-request-id"]).toMatch(/^[\w-]{8}-[0-9a-z]{8,}$/);
    expect(next.headers["x-request-id"]).not.toBe(generated.headers["x-request-id"]);
  });
});

describe("search engines", () => {
  it("lists every indexable page in both languages with hreflang twins", async () => {
    const response = await app.inject("/sitemap.xml");
    expect(response.headers["content-type"]).toContain("application/xml");
    expect(response.body).toContain("<loc>http://localhost:3000/products</loc>");
    expect(response.body).toContain("<loc>http://localhost:3000/ar/products</loc>");
    expect(response.body).toContain('hreflang="ar" href="http://localhost:3000/ar/about"');
    expect(response.body).not.toContain("/admin</loc>");
  });

  it("points robots to the sitemap", async () => {
    const response = await app.inject("/robots.txt");
    expect(response.body).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(response.body).toContain("Disallow: /api/");
  });
});
