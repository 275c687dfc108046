import { mkdir } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { projectPath } from "../lib/project-root.ts";
import { lockDataFolder } from "./data-folder-lock.ts";
import { pgliteFolder, serveBackups } from "./pglite-backup.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type OpenDatabaseOptions = {
  url?: string;
  dataDir: string;
  /** PostgreSQL cancels a statement that runs longer than this (default 10 s; 0: no limit). */
  statementTimeoutMs?: number;
  /** A pooled PostgreSQL connection was lost while idle (a restart, a failover, a proxy's cut). */
  onConnectionError?: (error: Error) => void;
};

const migrationsFolder = projectPath("migrations");

/**
 * Opens the database (DESIGN D5): PostgreSQL through node-postgres when `url` is set, otherwise
 * PGlite persisted under `dataDir` ("memory://" keeps it in memory, for tests). Pending
 * migrations are applied before it is returned.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url, options) : await openPglite(options.dataDir);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string, options: OpenDatabaseOptions) {
  const { Pool } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const statementTimeout = options.statementTimeoutMs ?? 10_000;
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // TCP keep-alive notices a server that vanished without closing the connection.
    keepAlive: true,
    ...(statementTimeout > 0
      ? // The client gives up a little later than the server, for when the server cannot answer at all.
        { statement_timeout: statementTimeout, query_timeout: statementTimeout + 5000 }
      : {}),
  });
  // An idle connection that drops makes the pool emit `error`; unheard, that is an uncaught
  // exception and the whole process dies. The pool has already discarded the connection and opens
  // a new one for the next query, so the database comes back by itself.
  pool.on("error", (error) => options.onConnectionError?.(error));
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres" as const,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let location = dataDir;
  let unlock = async (): Promise<void> => undefined;
  let stopBackups = async (): Promise<void> => undefined;
  let client: InstanceType<typeof PGlite>;
  // PostgreSQL's default 128 MB of shared buffers is touched at start in PGlite's WASM memory: 130 MB
  // of resident memory for a catalog and a few thousand orders. 16 MB holds all of that.
  const settings = { postgresqlconf: ["shared_buffers = 16MB"] };
  if (dataDir.startsWith("memory://")) {
    client = await PGlite.create(location, settings);
  } else {
    await mkdir(dataDir, { recursive: true });
    // Two processes on one folder lose each other's writes: the second one stops here.
    unlock = await lockDataFolder(dataDir);
    try {
      location = pgliteFolder(dataDir);
      await mkdir(location, { recursive: true });
      client = await PGlite.create(location, settings);
    } catch (error) {
      await unlock();
      throw error;
    }
    // `npm run backup` asks the process that holds the folder (pglite-backup.ts). Without the
    // socket (a folder path too long for one) the database still opens; the backup says why.
    stopBackups = await serveBackups(dataDir, client).catch(() => stopBackups);
  }
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite" as const,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await stopBackups();
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}
