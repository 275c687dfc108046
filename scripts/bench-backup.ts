/**
 * `npm run bench:backup`: issue 36's figure: the time of a backup and of a restore of a database
 * with 10,000 users and 5,000 orders (and 5,000 leads), for each store: a fresh PGlite folder,
 * and with `--database-url` (or BENCH_DATABASE_URL) a fresh database on that PostgreSQL server.
 * The data is bench:admin's demo data. The backup is taken from a running server (the server
 * process from its sources, so no build is needed), as `npm run backup` takes it; the restore goes
 * into an empty store, as `npm run restore` does; the row counts are then compared.
 *
 *   npm run bench:backup -- [--users 10000] [--orders 5000] [--leads 5000] [--database-url postgres://…]
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/database.ts";
import { seedCatalog } from "#server/db/seed-catalog.ts";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import { freshBenchDatabase } from "./lib/bench-database.ts";
import { backup, backupExtension, restore, type Store } from "./lib/database-backup.ts";
import { seedDemoData } from "./lib/demo-data.ts";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "10000" },
    orders: { type: "string", default: "5000" },
    leads: { type: "string", default: "5000" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
  },
});
const counts = { users: Number(values.users), orders: Number(values.orders), leads: Number(values.leads) };
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function freshStore(name: string, serverUrl: string | undefined): Promise<Store> {
  const fresh = await freshBenchDatabase(name, serverUrl);
  return fresh.databaseUrl ? { kind: "postgres", url: fresh.databaseUrl } : { kind: "pglite", dataDir: fresh.dataDir! };
}

const storeEnv = (store: Store) =>
  store.kind === "postgres" ? { DATABASE_URL: store.url } : { DATABASE_URL: "", DATA_DIR: store.dataDir };

const open = (store: Store) =>
  openDatabase(store.kind === "postgres" ? { url: store.url, dataDir: "" } : { dataDir: store.dataDir });

async function rowCounts(store: Store): Promise<string> {
  const database = await open(store);
  try {
    const result = await database.db.execute(
      sql`select (select count(*) from users) as users, (select count(*) from orders) as orders,
                 (select count(*) from inquiries) + (select count(*) from proposals) as leads`,
    );
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    return `${row.users} users, ${row.orders} orders, ${row.leads} leads`;
  } finally {
    await database.close();
  }
}

async function startServer(store: Store) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
    env: {
      ...process.env,
      ...storeEnv(store),
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      BACKGROUND_JOBS: "false",
      PAYMENT_GATEWAY: "sandbox",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (/Server listening at/.test(output)) resolve();
    });
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  child.stdout.resume();
  return () =>
    new Promise<void>((resolve) => {
      child.on("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

async function dropDatabase(store: Store, serverUrl: string) {
  if (store.kind !== "postgres") return rmSync(store.dataDir, { recursive: true, force: true });
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${new URL(store.url).pathname.slice(1)}" WITH (FORCE)`);
  await client.end();
}

async function bench(serverUrl: string | undefined) {
  const kind = serverUrl ? "PostgreSQL" : "PGlite";
  console.log(`\n${kind}`);
  const source = await freshStore("backup_source", serverUrl);
  const target = await freshStore("backup_target", serverUrl);
  const files = mkdtempSync(join(tmpdir(), "bench-backup-files-"));
  try {
    let started = performance.now();
    const database = await open(source);
    try {
      await seedCatalog(database.db);
      const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
      await seedDemoData(database.db, counts, { passwordHash, domain: "bench.example" });
    } finally {
      await database.close();
    }
    const seeded = await rowCounts(source);
    console.log(`  seeded ${seeded} in ${seconds(performance.now() - started)}`);

    const stop = await startServer(source);
    const file = join(files, `backup.${backupExtension(source)}`);
    let made;
    try {
      started = performance.now();
      made = await backup(source, file);
      console.log(
        `  backup (server running, ${made.via}): ${seconds(performance.now() - started)}, ${(made.bytes / 1_048_576).toFixed(1)} MB`,
      );
    } finally {
      await stop();
    }

    started = performance.now();
    await restore(target, made.file);
    console.log(
      `  restore into an empty ${kind === "PGlite" ? "folder" : "database"}: ${seconds(performance.now() - started)}`,
    );
    const restored = await rowCounts(target);
    console.log(`  restored ${restored}: ${restored === seeded ? "the same counts" : "DIFFERENT counts"}`);
    if (restored !== seeded) process.exitCode = 1;
  } finally {
    rmSync(files, { recursive: true, force: true });
    if (serverUrl) {
      await dropDatabase(source, serverUrl);
      await dropDatabase(target, serverUrl);
    } else {
      await dropDatabase(source, "");
      await dropDatabase(target, "");
    }
  }
}

console.log(
  `bench:backup: ${counts.users} users, ${counts.orders} orders, ${counts.leads} leads; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}`,
);
await bench(undefined);
if (values["database-url"]) await bench(values["database-url"]);
