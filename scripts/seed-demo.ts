/**
 * `npm run seed:demo`: fills the configured database (DATA_DIR's PGlite, or DATABASE_URL) with
 * demo customers, orders and leads, so the admin dashboard has something to show. Idempotent:
 * running it again adds nothing. Stop the server first when it uses a PGlite folder (one process
 * at a time may open it).
 *
 *   npm run seed:demo -- [--users 200] [--orders 150] [--leads 60]
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { seedCatalog } from "#server/db/seed-catalog.ts";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import { seedDemoData } from "./lib/demo-data.ts";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "200" },
    orders: { type: "string", default: "150" },
    leads: { type: "string", default: "60" },
  },
});

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await seedCatalog(database.db);
  // Demo accounts are there to be listed, not to sign in: their password is thrown away.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const added = await seedDemoData(
    database.db,
    { users: Number(values.users), orders: Number(values.orders), leads: Number(values.leads) },
    { passwordHash },
  );
  console.log(
    `Demo data in ${database.kind === "postgres" ? "PostgreSQL" : config.DATA_DIR}: ` +
      `${added.users} users, ${added.orders} orders and ${added.leads} leads added (already present ones are kept).`,
  );
} finally {
  await database.close();
}
