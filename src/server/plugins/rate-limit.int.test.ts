import { randomInt } from "node:crypto";
import { createServer, connect, type AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function testApp(env: Record<string, string>) {
  const app = await createTestApp(env);
  apps.push(app);
  return app;
}

/** analyze-font allows 20 a minute per address; an empty body is refused cheaply after the count. */
const analyze = (app: FastifyInstance, forwardedFor: string, remoteAddress = "10.0.0.1") =>
  app.inject({
    method: "POST",
    url: "/api/analyze-font",
    payload: {},
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
  });

const randomAddress = () => `203.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;

describe("TRUST_PROXY", () => {
  it("reads the client from the proxy's own entry, not a spoofed leftmost one", async () => {
    const app = await buildApp(
      loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "memory://", TRUST_PROXY: "1" }),
    );
    apps.push(app);
    app.get("/test/ip", async (request) => ({ ip: request.ip }));
    await app.ready();
    const ip = async (forwardedFor: string) =>
      (
        await app.inject({ url: "/test/ip", remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": forwardedFor } })
      ).json().ip;
    expect(await ip("198.51.100.7")).toBe("198.51.100.7");
    expect(await ip("1.1.1.1, 198.51.100.7")).toBe("198.51.100.7");
    expect(await ip("6.6.6.6, 2.2.2.2, 198.51.100.7")).toBe("198.51.100.7");
  });

  it("keeps counting one client whatever it writes on the left of X-Forwarded-For", async () => {
    const app = await testApp({ TRUST_PROXY: "true" });
    const client = randomAddress();
    for (let i = 0; i < 20; i++) {
      const response = await analyze(app, `192.0.2.${i + 1}, ${client}`);
      expect(response.statusCode).toBe(400);
    }
    const refused = await analyze(app, `192.0.2.99, ${client}`);
    expect(refused.statusCode).toBe(429);
    // Another real client behind the same proxy is not affected.
    expect((await analyze(app, randomAddress())).statusCode).toBe(400);
  });

  it("trusts listed proxy addresses only", async () => {
    const app = await testApp({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" });
    const client = randomAddress();
    for (let i = 0; i < 20; i++) await analyze(app, `192.0.2.${i + 1}, ${client}`);
    expect((await analyze(app, `192.0.2.99, ${client}`)).statusCode).toBe(429);
    // A direct client (not a listed proxy) cannot name itself through the header.
    const direct = "198.51.100.200";
    for (let i = 0; i < 20; i++) await analyze(app, randomAddress(), direct);
    expect((await analyze(app, randomAddress(), direct)).statusCode).toBe(429);
  });

  it("without a proxy, ignores X-Forwarded-For entirely", async () => {
    const app = await testApp({});
    const direct = "198.51.100.201";
    for (let i = 0; i < 20; i++) await analyze(app, randomAddress(), direct);
    expect((await analyze(app, randomAddress(), direct)).statusCode).toBe(429);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const testRedisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname, () => socket.write("PING\r\n"));
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.on("data", (data: Buffer) => (socket.destroy(), resolve(data.toString().startsWith("+PONG"))));
    socket.on("error", () => resolve(false));
  });
}

describe("rate limits with REDIS_URL", () => {
  it("keep the route up, counting in memory, while Redis is unreachable", async () => {
    const app = await testApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}`, TRUST_PROXY: "1" });
    const client = randomAddress();
    const started = Date.now();
    for (let i = 0; i < 20; i++) expect((await analyze(app, client)).statusCode).toBe(400);
    expect((await analyze(app, client)).statusCode).toBe(429);
    expect(Date.now() - started).toBeLessThan(5000);
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
  });

  it("are shared by two instances through a real Redis", async (context) => {
    if (!(await redisAnswers(testRedisUrl))) {
      // In CI a missing Redis is a failure, not a reason to skip.
      if (process.env.CI === "true") throw new Error(`no Redis answers at ${testRedisUrl} (set TEST_REDIS_URL)`);
      context.skip();
    }
    const first = await testApp({ REDIS_URL: testRedisUrl, TRUST_PROXY: "1" });
    const second = await testApp({ REDIS_URL: testRedisUrl, TRUST_PROXY: "1" });
    const client = randomAddress();
    // Wait for both connections, so that neither counts in memory.
    for (const app of [first, second]) {
      for (let i = 0; i < 50 && (await analyze(app, "198.18.0.1")).headers["x-ratelimit-remaining"] === "19"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    for (let i = 0; i < 20; i++) {
      const response = await analyze(i % 2 === 0 ? first : second, client);
      expect(response.statusCode).toBe(400);
      expect(response.headers["x-ratelimit-remaining"]).toBe(String(19 - i));
    }
    expect((await analyze(first, client)).statusCode).toBe(429);
    expect((await analyze(second, client)).statusCode).toBe(429);
  });
});
