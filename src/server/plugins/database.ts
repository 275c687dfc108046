import fp from "fastify-plugin";
import { openDatabase, type Database, type Db } from "../db/database.ts";
import { seedCatalog } from "../db/seed-catalog.ts";
import { maskUrlPasswords } from "../lib/redact.ts";
import { StartupError } from "../lib/startup-failure.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** The network error under a failed first query (ECONNREFUSED, ENOTFOUND…), which says it all. */
function connectionFailure(error: unknown): Error | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return cause instanceof Error && typeof code === "string" && /^E[A-Z]+$/.test(code) ? cause : undefined;
}

/** Opens PGlite or PostgreSQL, applies migrations, seeds the catalog, closes on shutdown. */
export default fp<{ url?: string; dataDir: string; statementTimeoutMs?: number }>(
  async (app, options) => {
    const metrics = app.metrics;
    const database = await openDatabase({
      ...options,
      // With metrics on, every statement is timed (db/database.ts: at the driver's query method).
      ...(metrics ? { onQuery: (seconds: number, outcome: "ok" | "error") => metrics.query(seconds, outcome) } : {}),
      // The pool replaces the connection by itself; /readyz reports the outage meanwhile.
      onConnectionError: (error) => app.log.warn({ err: error }, "database connection lost; reconnecting on next use"),
      onMigrationWait: () => app.log.info("another instance is migrating the database; waiting for it"),
    }).catch((error: unknown) => {
      // Say which setting to look at; the URL is shown with its password masked.
      const cause = connectionFailure(error) ?? error;
      throw options.url
        ? new StartupError("DATABASE_URL", `cannot open ${maskUrlPasswords(options.url)}`, { cause })
        : new StartupError("DATA_DIR", `cannot open the database in ${options.dataDir}`, { cause });
    });
    await seedCatalog(database.db);
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.addHook("onClose", async () => database.close());
    app.log.info({ database: database.kind }, "database ready");
  },
  { name: "database" },
);
