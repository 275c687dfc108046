/**
 * The PostgreSQL databases the tests create (one per test app when TEST_DATABASE_URL is set), and
 * their removal at the end of each test file. Kept apart from app.ts so that the global setup file
 * does not import the whole server into every test file, unit tests included.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let counter = 0;

/**
 * Creates a database on the given server and returns its URL; dropped at the end of the test
 * file. Empty by default; `migrated` clones it from a database with every migration applied (made
 * once per server and set of migrations), which the app's own migration then finds up to date.
 */
export async function freshPostgresDatabase(serverUrl: string, options: { migrated?: boolean } = {}): Promise<string> {
  const { Client } = (await import("pg")).default;
  const template = options.migrated ? await migratedTemplate(serverUrl) : undefined;
  const name = `studio_test_${process.pid}_${Date.now()}_${counter++}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
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

const templates = new Map<string, Promise<string>>();

/** The migrations as one hash: a new or changed migration makes a new template. */
function migrationsHash(): string {
  const folder = "migrations";
  const hash = createHash("sha256");
  const files = [
    ...readdirSync(folder)
      .filter((file) => file.endsWith(".sql"))
      .sort(),
    "meta/_journal.json",
  ];
  for (const file of files) hash.update(file).update(readFileSync(join(folder, file)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The migrated template database on a server: `studio_template_<migrations hash>`, made under an
 * advisory lock (the test workers start together) and marked IS_TEMPLATE once fully migrated, so
 * that one left half-made by a killed run is made again. Templates of older migrations are dropped.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makeTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const { Client } = (await import("pg")).default;
  const name = `studio_template_${migrationsHash()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // "tmpl" + "test" as one key, outside what the app's own advisory locks use.
    await admin.query("select pg_advisory_lock(7596264407155651444)");
    const { rows } = await admin.query<{ datname: string; datistemplate: boolean }>(
      "select datname, datistemplate from pg_database where datname like 'studio\\_template\\_%'",
    );
    for (const row of rows) {
      if (row.datname === name && row.datistemplate) continue;
      await admin.query(`ALTER DATABASE "${row.datname}" IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    }
    if (!rows.some((row) => row.datname === name && row.datistemplate)) {
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const { openDatabase } = await import("#server/db/database.ts");
      const database = await openDatabase({ url: url.toString(), dataDir: "memory://" });
      await database.close();
      await admin.query(`ALTER DATABASE "${name}" IS_TEMPLATE true`);
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock(7596264407155651444)").catch(() => undefined);
    await admin.end();
  }
}
