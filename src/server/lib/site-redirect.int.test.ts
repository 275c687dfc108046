import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { createStaticFixture } from "#tests/helpers/static-fixture.ts";
import { sitePath } from "./site-redirect.ts";

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await createTestApp({ STATIC_DIR: createStaticFixture() });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

/** Sends the request line exactly as written (fetch and inject would normalise the path). */
function rawGet(target: string, headers = ""): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: site.test\r\n${headers}Connection: close\r\n\r\n`);
    });
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      const location = /\r\nlocation: ([^\r]*)\r\n/i.exec(text)?.[1];
      resolve(location === undefined ? { status } : { status, location });
    });
  });
}

/** Where a browser on http://site.test would go. */
const destination = (location: string) => new URL(location, "http://site.test/");

describe("redirects stay on this site", () => {
  const hostile = [
    "//evil.example/",
    "/\\evil.example/",
    "/%2F%2Fevil.example/",
    "/%5Cevil.example/",
    "/%5C%5Cevil.example/",
    "///evil.example/",
    "////evil.example//",
    "/\\/evil.example/",
    "/ar//evil.example/",
    "//evil.example/shop",
  ];
  for (const target of hostile) {
    it(`GET ${target}`, async () => {
      const response = await rawGet(target);
      if (response.location === undefined) {
        expect(response.status).not.toBe(301);
        return;
      }
      expect(response.location).toMatch(/^\/(?![/\\])/);
      expect(response.location).not.toContain("\\");
      expect(destination(response.location).host).toBe("site.test");
    });
  }

  it("still redirects ordinary trailing slashes, /shop and the remembered language", async () => {
    expect(await rawGet("/products/?a=1")).toEqual({ status: 301, location: "/products?a=1" });
    expect(await rawGet("/ar/shop")).toEqual({ status: 301, location: "/ar/products" });
    expect(await rawGet("/", "Cookie: lang=ar\r\n")).toEqual({ status: 302, location: "/ar" });
  });
});

describe("sitePath", () => {
  it("keeps paths on this site and encodes what browsers would reinterpret", () => {
    expect(sitePath("/products?a=1#b")).toBe("/products?a=1#b");
    expect(sitePath("//evil.example")).toBe("/evil.example");
    expect(sitePath("/\\evil.example")).toBe("/%5Cevil.example");
    expect(sitePath("\\\\evil.example")).toBe("/%5C%5Cevil.example");
    expect(sitePath("/\t/evil.example")).toBe("/%09/evil.example");
    expect(sitePath("https://evil.example/")).toBe("/https://evil.example/");
    expect(sitePath("")).toBe("/");
    expect(sitePath("/منتجات")).toBe("/%D9%85%D9%86%D8%AA%D8%AC%D8%A7%D8%AA");
  });
});
