import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The database a benchmark's server starts on: a fresh database created on the PostgreSQL server
 * at `serverUrl` when one is given, otherwise a fresh PGlite folder. `name` tells runs apart.
 */
export async function freshBenchDatabase(
  name: string,
  serverUrl?: string,
): Promise<{ dataDir?: string; databaseUrl?: string }> {
  if (!serverUrl) return { dataDir: mkdtempSync(join(tmpdir(), `bench-${name}-`)) };
  const pg = (await import("pg")).default;
  const database = `bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { databaseUrl: url.toString() };
}
