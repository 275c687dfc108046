import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "#tests/helpers/app.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { ar } from "#shared/i18n/ar.ts";

// These need a real PostgreSQL even in the PGlite run: locally they skip without TEST_DATABASE_URL;
// in CI (CI=true) they use CI's server, and fail, never skip, if it does not answer.
const serverUrl =
  process.env.TEST_DATABASE_URL ??
  (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);

/** A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
class CuttableProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private cut = false;

  constructor(target: { host: string; port: number }) {
    this.server = createServer((client) => {
      if (this.cut) return client.destroy();
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return (this.server.address() as AddressInfo).port;
  }

  /** Like a database restart: every open connection dies, and nothing answers until `restore`. */
  drop() {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore() {
    this.cut = false;
  }

  async close() {
    this.drop();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe.skipIf(!serverUrl)("PostgreSQL going away", () => {
  let proxy: CuttableProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    const direct = new URL(await freshPostgresDatabase(serverUrl!));
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(await proxy.listen());
    app = await buildApp(
      loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: viaProxy.toString(),
        DATABASE_STATEMENT_TIMEOUT_MS: "1000",
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it("keeps serving while the database is gone, reports not ready, and recovers by itself", async () => {
    // Several pooled connections, idle when the cut comes.
    await Promise.all(Array.from({ length: 4 }, () => app.inject("/api/products")));
    expect((await app.inject("/readyz")).statusCode).toBe(200);

    proxy.drop();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const notReady = await app.inject("/readyz");
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: "unavailable", database: "postgres" });
    await expect(app.database.ping()).rejects.toThrow();
    // What needs no database still answers (the catalog is served from its cache).
    expect((await app.inject("/healthz")).statusCode).toBe(200);
    expect((await app.inject("/api/products")).statusCode).toBe(200);
    // What needs it says so honestly, in the caller's language: 503 with Retry-After, not a 500.
    const lead = await app.inject({
      method: "POST",
      url: "/api/inquiries",
      headers: { "accept-language": "ar" },
      payload: { name: "Sara", email: "sara@example.sa", message: "A set of date bowls for our office, please." },
    });
    expect(lead.statusCode).toBe(503);
    expect(lead.headers["retry-after"]).toBe("5");
    expect(lead.json()).toEqual({ error: { code: "unavailable", message: ar.errors.unavailable } });

    proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await app.inject("/readyz")).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await app.inject("/api/products")).statusCode).toBe(200);
  }, 60_000);

  it("cancels a statement that runs longer than DATABASE_STATEMENT_TIMEOUT_MS", async () => {
    proxy.restore();
    const started = Date.now();
    // 57014: query_canceled, "canceling statement due to statement timeout".
    await expect(app.db.execute(sql`select pg_sleep(5)`)).rejects.toMatchObject({ cause: { code: "57014" } });
    expect(Date.now() - started).toBeLessThan(4000);
    // The connection is fine afterwards.
    expect((await app.inject("/readyz")).statusCode).toBe(200);
  });
});
