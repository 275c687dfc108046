import fp from "fastify-plugin";
import { openDatabase, type Database, type Db } from "../db/database.ts";
import { seedCatalog } from "../db/seed-catalog.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/** Opens PGlite or PostgreSQL, applies migrations, seeds the catalog, closes on shutdown. */
export default fp<{ url?: string; dataDir: string; statementTimeoutMs?: number }>(
  async (app, options) => {
    const database = await openDatabase({
      ...options,
      // The pool replaces the connection by itself; /readyz reports the outage meanwhile.
      onConnectionError: (error) => app.log.warn({ err: error }, "database connection lost; reconnecting on next use"),
    });
    await seedCatalog(database.db);
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.addHook("onClose", async () => database.close());
    app.log.info({ database: database.kind }, "database ready");
  },
  { name: "database" },
);
