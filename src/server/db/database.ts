import { mkdir } from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { PGlite as PGliteDriver, PGliteOptions, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import type { Client as PgClient } from "pg";
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
  /** Connections now: PostgreSQL's pool (total, idle, queries waiting for one); PGlite has one. */
  connections: () => { total: number; idle?: number; waiting?: number };
};

/** Reports each statement's time (seconds) and whether it failed; see `onQuery`. */
export type QueryObserver = (seconds: number, outcome: "ok" | "error") => void;

export type OpenDatabaseOptions = {
  url?: string;
  dataDir: string;
  /** PostgreSQL cancels a statement that runs longer than this (default 10 s; 0: no limit). */
  statementTimeoutMs?: number;
  /** A pooled PostgreSQL connection was lost while idle (a restart, a failover, a proxy's cut). */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL: another instance holds the migration lock; this one waits for it (then usually
   * finds nothing left to apply).
   */
  onMigrationWait?: () => void;
  /** Where the migrations are (default: the project's migrations/; tests pass an older release's). */
  migrationsFolder?: string;
  /**
   * Told the time of every statement the app runs (metrics). Measured at the driver's public
   * query method: a node-postgres Client subclass given to the pool through its documented
   * `Client` option, or a PGlite subclass; without an observer the drivers' own classes are used.
   */
  onQuery?: QueryObserver;
};

const defaultMigrationsFolder = projectPath("migrations");

/**
 * Opens the database (DESIGN D5): PostgreSQL through node-postgres when `url` is set, otherwise
 * PGlite persisted under `dataDir` ("memory://" keeps it in memory, for tests). Pending
 * migrations are applied before it is returned.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.url ? await openPostgres(options.url, options) : await openPglite(options.dataDir, options);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string, options: OpenDatabaseOptions) {
  const { Pool, Client } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const statementTimeout = options.statementTimeoutMs ?? 10_000;
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // TCP keep-alive notices a server that vanished without closing the connection.
    keepAlive: true,
    ...(options.onQuery ? { Client: timedClient(Client, options.onQuery) } : {}),
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
    migrate: () => migrateUnderLock(url, migrationsFolder, options.onMigrationWait),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Times an awaited call for `observe`, passing its value or error through. */
async function timed<T>(observe: QueryObserver, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const value = await run();
    observe((performance.now() - started) / 1000, "ok");
    return value;
  } catch (error) {
    observe((performance.now() - started) / 1000, "error");
    throw error;
  }
}

type PgClientClass = typeof PgClient;
/** The client as this subclass sees it: `query`'s overloads taken as one loose signature. */
type LooseClientClass = new (...args: unknown[]) => { query(...args: unknown[]): unknown };

/**
 * node-postgres's Client whose `query` reports each statement's time: the pool creates its
 * connections from it (the pool's documented `Client` option). `query` answers a promise, or calls
 * a callback (the pool's own `query` passes one); a submittable (a cursor, a stream) is passed on
 * untimed. Only the public method is overridden, through `super`.
 */
function timedClient(Base: PgClientClass, observe: QueryObserver): PgClientClass {
  const Loose = Base as unknown as LooseClientClass;
  class TimedClient extends Loose {
    override query(...args: unknown[]): unknown {
      const first = args[0] as { submit?: unknown } | null | undefined;
      if (typeof first?.submit === "function") return super.query(...args);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === "function") {
        const started = performance.now();
        args[last] = (error: unknown, result: unknown) => {
          observe((performance.now() - started) / 1000, error ? "error" : "ok");
          (callback as (error: unknown, result: unknown) => void)(error, result);
        };
        return super.query(...args);
      }
      return timed(observe, () => super.query(...args) as Promise<unknown>);
    }
  }
  return TimedClient as unknown as PgClientClass;
}

/**
 * The key of the session-level advisory lock under which PostgreSQL migrations run: the ASCII bytes
 * of "migrate" (0x6d6967726174_65) as one bigint. Outside the int4 range, so no `hashtext(...)` key
 * (the invoice chain's) can be the same. An operator sees a waiting instance in `pg_locks`
 * (`locktype = 'advisory' and classid = 7170407 and objid = 1918989413`).
 */
export const MIGRATION_LOCK_KEY = 0x6d696772617465n;

/**
 * Applies pending migrations on a connection of its own that holds MIGRATION_LOCK_KEY meanwhile,
 * so that any number of instances may start together on one database: the first applies what is
 * pending, the others wait and then find nothing to do. Drizzle's migrator creates its schema and
 * table and applies each migration without a lock between processes; two at once collide on
 * PostgreSQL's catalog (`pg_type_typname_nsp_index`, `pg_namespace_nspname_index`). A session
 * lock needs one connection from lock to unlock, which a pool does not promise: hence the
 * dedicated client, which also runs the migrations themselves (with no statement timeout: a
 * migration, or the wait for another instance's, may take long). If this process dies, its
 * connection closes and PostgreSQL releases the lock.
 */
async function migrateUnderLock(url: string, migrationsFolder: string, onWait?: () => void): Promise<void> {
  const { Client } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
  // A connection lost while waiting rejects the query below; unheard, the event would end the process.
  client.on("error", () => undefined);
  await client.connect();
  try {
    const key = MIGRATION_LOCK_KEY.toString();
    const free = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1::bigint) as locked", [key]);
    if (!free.rows[0]?.locked) {
      onWait?.();
      await client.query("select pg_advisory_lock($1::bigint)", [key]);
    }
    await migrate(drizzle(client), { migrationsFolder });
    await client.query("select pg_advisory_unlock($1::bigint)", [key]);
  } finally {
    await client.end();
  }
}

async function openPglite(dataDir: string, options: OpenDatabaseOptions) {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let location = dataDir;
  let unlock = async (): Promise<void> => undefined;
  let stopBackups = async (): Promise<void> => undefined;
  let client: InstanceType<typeof PGlite>;
  const Driver = options.onQuery ? timedPglite(PGlite, options.onQuery) : PGlite;
  const create = async (dataDirOrUrl: string, settings: PGliteOptions) => {
    const created = new Driver(dataDirOrUrl, settings);
    await created.waitReady;
    return created;
  };
  // PostgreSQL's default 128 MB of shared buffers is touched at start in PGlite's WASM memory: 130 MB
  // of resident memory for a catalog and a few thousand orders. 16 MB holds all of that.
  const settings = { postgresqlconf: ["shared_buffers = 16MB"] };
  if (dataDir.startsWith("memory://")) {
    // A new in-memory cluster runs PostgreSQL's initdb (about 3 s); one loaded from a migrated
    // copy of it starts in a fifth of that. Every in-memory database of the process (the tests
    // make one per app) starts from that copy; `migrate` below then has nothing left to apply.
    const template = await migratedTemplate(PGlite, migrationsFolder, settings);
    client = await create(location, { ...settings, loadDataDir: template });
  } else {
    await mkdir(dataDir, { recursive: true });
    // Two processes on one folder lose each other's writes: the second one stops here.
    unlock = await lockDataFolder(dataDir);
    try {
      location = pgliteFolder(dataDir);
      await mkdir(location, { recursive: true });
      client = await create(location, settings);
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
    connections: () => ({ total: 1 }),
  };
}

type PGliteClass = typeof PGliteDriver;

const templates = new Map<string, Promise<Blob>>();

/**
 * The data folder of a new in-memory database with every migration applied, made once per process
 * and migrations folder, with PGlite's documented `dumpDataDir` (and loaded with `loadDataDir`).
 */
function migratedTemplate(
  PGlite: PGliteClass,
  migrationsFolder: string,
  settings: Pick<PGliteOptions, "postgresqlconf">,
): Promise<Blob> {
  let template = templates.get(migrationsFolder);
  if (!template) {
    template = (async () => {
      const { drizzle } = await import("drizzle-orm/pglite");
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      const blank = new PGlite("memory://", settings);
      try {
        await blank.waitReady;
        await migrate(drizzle(blank), { migrationsFolder });
        return await blank.dumpDataDir("none");
      } finally {
        await blank.close();
      }
    })();
    templates.set(migrationsFolder, template);
    // A failed attempt is not kept: the next database tries again (and reports its own error).
    template.catch(() => templates.delete(migrationsFolder));
  }
  return template;
}

/**
 * PGlite whose statements report their time (its wait for the one connection included): `query`
 * and `exec`, and those of a transaction, which its callback receives as PGlite's public
 * `Transaction` and gets here as one that times them. Only public methods are overridden.
 */
function timedPglite(Base: PGliteClass, observe: QueryObserver): PGliteClass {
  class TimedPglite extends Base {
    override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      return timed(observe, () => super.query<T>(query, params, options));
    }
    override exec(query: string, options?: QueryOptions): Promise<Results[]> {
      return timed(observe, () => super.exec(query, options));
    }
    override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      return super.transaction((tx) =>
        callback({
          query: (query, params, options) => timed(observe, () => tx.query(query, params, options)),
          sql: (strings, ...params) => timed(observe, () => tx.sql(strings, ...params)),
          exec: (query, options) => timed(observe, () => tx.exec(query, options)),
          rollback: () => tx.rollback(),
          listen: (channel, listener) => tx.listen(channel, listener),
          get closed() {
            return tx.closed;
          },
        }),
      );
    }
  }
  return TimedPglite;
}
