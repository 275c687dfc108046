import { connect, type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createStaticFixture } from "#tests/helpers/static-fixture.ts";
import { ar } from "#shared/i18n/ar.ts";

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

type Raw = { status: number; headers: Record<string, string>; body: string };

/** Writes the request bytes exactly as given (fetch would refuse or fix them). */
function raw(request: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n`;

/**
 * The headers an ordinary answer gets; every refusal must carry the same. (A prerendered page's
 * CSP also allows that page's own inline stylesheet by its hash, so the reference is an API answer.)
 */
async function pageSecurityHeaders(): Promise<Record<string, string>> {
  const { headers } = await raw(get("/api/products"));
  const names = [
    "content-security-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-resource-policy",
    "cross-origin-opener-policy",
    "permissions-policy",
    "strict-transport-security",
  ];
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]!]));
}

describe("refusals before routing", () => {
  it("speaks the caller's language where there is a request to read it from", async () => {
    const response = await raw(
      "GET /% HTTP/1.1\r\nHost: site.test\r\nAccept-Language: ar\r\nConnection: close\r\n\r\n",
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ error: { code: "bad_url", message: ar.errors.badUrl } });
  });

  const cases: [string, string, number, string][] = [
    ["an undecodable URL (GET /%)", get("/%"), 400, "bad_url"],
    ["an undecodable API URL (GET /api/%zz)", get("/api/%zz"), 400, "bad_url"],
    ["a NUL in the path", get("/a\u0000b"), 400, "bad_request"],
    ["a malformed header", "GET / HTTP/1.1\r\nHost: site.test\r\nBad Header\r\n\r\n", 400, "bad_request"],
    ["a space in the path", "GET /a b c HTTP/1.1\r\nHost: site.test\r\n\r\n", 400, "bad_request"],
  ];
  for (const [name, request, status, code] of cases) {
    it(`answers ${name} with the security headers and the API's error shape`, async () => {
      const expected = await pageSecurityHeaders();
      expect(expected["content-security-policy"]).toContain("default-src 'self'");
      const response = await raw(request);
      expect(response.status).toBe(status);
      for (const [header, value] of Object.entries(expected)) expect(response.headers[header], header).toBe(value);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = JSON.parse(response.body) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toBeTypeOf("string");
      expect(Object.keys(body)).toEqual(["error"]);
    });
  }
});

describe("a refusal on a connection whose answer is under way", () => {
  it("closes the connection without writing into the answer", { timeout: 30_000 }, async () => {
    const slow = await buildApp(
      loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "memory://", REQUEST_TIMEOUT_MS: "1000" }),
    );
    try {
      // Answers before the body has arrived, and keeps the answer open.
      slow.post("/test/under-way", {
        onRequest: (_request, reply) => {
          reply.hijack();
          reply.raw.writeHead(200, { "content-type": "text/plain" });
          reply.raw.write("first half, ");
        },
        handler: async () => "never",
      });
      await slow.listen({ host: "127.0.0.1", port: 0 });
      const { port: slowPort } = slow.server.address() as AddressInfo;
      const started = Date.now();
      const text = await new Promise<string>((resolve, reject) => {
        // The body never comes whole: the request's deadline passes while the answer is open.
        const socket = connect(slowPort, "127.0.0.1", () =>
          socket.write("POST /test/under-way HTTP/1.1\r\nHost: site.test\r\nContent-Length: 100\r\n\r\nabc"),
        );
        let received = "";
        socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
        socket.on("error", reject);
        socket.on("close", () => resolve(received));
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(text).toContain("first half, ");
      expect(text).not.toContain("HTTP/1.1 408");
    } finally {
      await slow.close();
    }
  });
});
