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
export default fp<{ url?: string; dataDir: string }>(
  async (app, options) => {
    const database = await openDatabase(options);
    await seedCatalog(database.db);
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.addHook("onClose", async () => database.close());
    app.log.info({ database: database.kind }, "database ready");
  },
  { name: "database" },
);
