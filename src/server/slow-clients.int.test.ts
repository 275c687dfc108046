import { connect, type AddressInfo, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await createTestApp({
    HEADERS_TIMEOUT_MS: "1000",
    REQUEST_TIMEOUT_MS: "2000",
    KEEP_ALIVE_TIMEOUT_MS: "1000",
    CONNECTION_TIMEOUT_MS: "3000",
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
});

type Drip = { socket: Socket; closedAfter: Promise<number>; received: () => string };

/** A client that sends `head` at once, then one byte of `drip` every `everyMs`, for ever. */
function slowClient(head: string, drip = "", everyMs = 200): Drip {
  const started = Date.now();
  let received = "";
  const socket = connect(port, "127.0.0.1", () => {
    socket.write(head);
    let i = 0;
    const timer = setInterval(() => {
      if (i < drip.length && socket.writable) socket.write(drip[i++]!);
    }, everyMs);
    socket.on("close", () => clearInterval(timer));
  });
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  const closedAfter = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
  return { socket, closedAfter, received: () => received };
}

describe("slow clients are cut off", () => {
  it("uses the configured deadlines on the HTTP server", () => {
    expect(app.server.headersTimeout).toBe(1000);
    expect(app.server.requestTimeout).toBe(2000);
    expect(app.server.keepAliveTimeout).toBe(1000);
    expect(app.server.timeout).toBe(3000);
  });

  it("closes connections that drip their headers (slowloris)", async () => {
    const clients = Array.from({ length: 10 }, () =>
      slowClient("GET / HTTP/1.1\r\nHost: site.test\r\n", "X-Slow: " + "a".repeat(200)),
    );
    const times = await Promise.all(clients.map((client) => client.closedAfter));
    // Deadline 1 s, checked every second.
    for (const ms of times) expect(ms).toBeLessThan(4000);
  });

  it("closes uploads held one byte short of their Content-Length", async () => {
    const body = JSON.stringify({ image: `data:image/png;base64,${"A".repeat(50_000)}` });
    const clients = Array.from({ length: 5 }, () =>
      slowClient(
        `POST /api/analyze-font HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, -1)}`,
      ),
    );
    const times = await Promise.all(clients.map((client) => client.closedAfter));
    for (const ms of times) expect(ms).toBeLessThan(5000);
    expect(clients[0]!.received()).toMatch(/^HTTP\/1\.1 408|^$/);
  });

  it("closes a body dripped a byte at a time, though it never goes idle", async () => {
    const client = slowClient(
      "POST /api/analyze-font HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
      "x".repeat(1000),
      100,
    );
    expect(await client.closedAfter).toBeLessThan(5000);
  });

  it("closes an idle kept-alive connection after the keep-alive timeout", async () => {
    const client = slowClient("GET /healthz HTTP/1.1\r\nHost: site.test\r\n\r\n");
    const ms = await client.closedAfter;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(ms).toBeLessThan(3000);
  });

  it("still serves an ordinary request", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
