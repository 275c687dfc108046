import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who runs an exclusive background job right now (src/server/lib/background-jobs.ts): a lease
 * with an owner and an expiry, so that one instance at a time runs it per database and a crashed
 * owner's lease simply runs out.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  owner: text("owner").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
