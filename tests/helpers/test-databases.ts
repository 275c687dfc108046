/**
 * The PostgreSQL databases the tests create (one per test app when TEST_DATABASE_URL is set), and
 * their removal at the end of each test file. Kept apart from app.ts so that the global setup file
 * does not import the whole server into every test file, unit tests included.
 */
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
