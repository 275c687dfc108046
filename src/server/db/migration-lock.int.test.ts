import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "#tests/helpers/app.ts";
import { projectPath } from "../lib/project-root.ts";
import { MIGRATION_LOCK_KEY, openDatabase, type Database } from "./database.ts";

// A real PostgreSQL even in the PGlite run: locally this skips without TEST_DATABASE_URL; in CI
// (CI=true) it uses CI's server, and fails, never skips, if it does not answer.
const serverUrl =
  process.env.TEST_DATABASE_URL ??
  (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);

type Journal = { entries: { tag: string }[] };

const journalOf = async (folder: string) =>
  JSON.parse(await readFile(join(folder, "meta", "_journal.json"), "utf8")) as Journal;

/** A copy of migrations/ that stops after the first `count` migrations: the schema of an older release. */
async function olderMigrations(count: number): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "migrations-"));
  await cp(projectPath("migrations"), folder, { recursive: true });
  const journal = await journalOf(folder);
  journal.entries = journal.entries.slice(0, count);
  await writeFile(join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  return folder;
}

/** Three instances starting at the same moment on one database, each with its own connections. */
async function startThree(url: string): Promise<PromiseSettledResult<Database>[]> {
  const results = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url, dataDir: "unused" })));
  await Promise.all(results.map((result) => (result.status === "fulfilled" ? result.value.close() : undefined)));
  return results;
}

/** What the database holds, read over a plain connection (opening it would migrate it). */
async function schemaOf(url: string) {
  const { Client } = (await import("pg")).default;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const applied = (
      await client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations")
    ).rows[0]?.count;
    const tables = (
      await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
      )
    ).rows.map((row) => row.name);
    return { applied, tables };
  } finally {
    await client.end();
  }
}

const reasons = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((result) => (result.status === "rejected" ? [String(result.reason?.cause ?? result.reason)] : []));

describe.skipIf(!serverUrl)("migrations with several instances starting together (PostgreSQL)", () => {
  it("brings every instance up on a new database, each migration applied once", async () => {
    const migrations = (await journalOf(projectPath("migrations"))).entries.length;
    // The race the lock prevents shows on some tries and not others: several fresh databases.
    for (let round = 0; round < 3; round++) {
      const url = await freshPostgresDatabase(serverUrl!);
      const results = await startThree(url);
      expect(reasons(results)).toEqual([]);
      const schema = await schemaOf(url);
      expect(schema.applied).toBe(migrations);
      expect(schema.tables).toEqual(expect.arrayContaining(["outbox", "orders", "job_leases", "products"]));
    }
  }, 120_000);

  it("brings every instance up on a database of an older release, applying the new migrations once", async () => {
    const migrations = (await journalOf(projectPath("migrations"))).entries.length;
    const url = await freshPostgresDatabase(serverUrl!);
    const older = await openDatabase({ url, dataDir: "unused", migrationsFolder: await olderMigrations(4) });
    await older.close();
    expect((await schemaOf(url)).applied).toBe(4);
    const results = await startThree(url);
    expect(reasons(results)).toEqual([]);
    const schema = await schemaOf(url);
    expect(schema.applied).toBe(migrations);
    expect(schema.tables).toEqual(expect.arrayContaining(["orders", "invoices", "sandbox_payments"]));
  }, 120_000);

  it("waits while another process holds the documented lock, then starts", async () => {
    const url = await freshPostgresDatabase(serverUrl!);
    const { Client } = (await import("pg")).default;
    const holder = new Client({ connectionString: url });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
    let waited = false;
    let opened = false;
    const opening = openDatabase({ url, dataDir: "unused", onMigrationWait: () => (waited = true) }).then((db) => {
      opened = true;
      return db;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect({ waited, opened }).toEqual({ waited: true, opened: false });
    await holder.end();
    const database = await opening;
    await database.close();
    expect((await schemaOf(url)).applied).toBe((await journalOf(projectPath("migrations"))).entries.length);
  }, 60_000);
});
