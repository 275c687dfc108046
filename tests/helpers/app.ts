import type { FastifyInstance } from "fastify";
import { buildApp, type BuildOptions } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { freshPostgresDatabase } from "./test-databases.ts";

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
    ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL, { migrated: true })
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

export { dropTestDatabases, freshPostgresDatabase } from "./test-databases.ts";
