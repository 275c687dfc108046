import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

/**
 * Builds the whole app in-process for `inject` tests, each with its own fresh database:
 * in-memory PGlite by default, or a fresh schema-isolated PostgreSQL database when
 * TEST_DATABASE_URL is set (CI runs the integration suite a second time that way).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const databaseUrl = process.env.TEST_DATABASE_URL
    ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    // No metrics port per test app (tests that scrape set METRICS_PORT themselves).
    METRICS_PORT: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, options);
  await app.ready();
  return app;
}

let counter = 0;

/** Creates an empty database on the given server and returns its URL; dropped at process exit. */
export async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const { Client } = (await import("pg")).default;
  const name = `studio_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  created.push({ serverUrl, name });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const created: { serverUrl: string; name: string }[] = [];

/** Drops the databases this worker created (call from a global afterAll). */
export async function dropTestDatabases(): Promise<void> {
  if (created.length === 0) return;
  const { Client } = (await import("pg")).default;
  for (const { serverUrl, name } of created.splice(0)) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
