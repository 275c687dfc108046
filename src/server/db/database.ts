import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { projectPath } from "../lib/project-root.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = projectPath("migrations");

/**
 * Opens the database (DESIGN D5): PostgreSQL through node-postgres when `url` is set, otherwise
 * PGlite persisted under `dataDir` ("memory://" keeps it in memory, for tests). Pending
 * migrations are applied before it is returned.
 */
export async function openDatabase(options: { url?: string; dataDir: string }): Promise<Database> {
  const database = options.url ? await openPostgres(options.url) : await openPglite(options.dataDir);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string) {
  const { Pool } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
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
  if (!dataDir.startsWith("memory://")) {
    location = join(dataDir, "pglite");
    await mkdir(location, { recursive: true });
  }
  // PostgreSQL's default 128 MB of shared buffers is touched at start in PGlite's WASM memory: 130 MB
  // of resident memory for a catalog and a few thousand orders. 16 MB holds all of that.
  const client = await PGlite.create(location, { postgresqlconf: ["shared_buffers = 16MB"] });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite" as const,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
