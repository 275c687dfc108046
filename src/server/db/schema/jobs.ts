import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The schedule of each exclusive background job (src/server/lib/background-jobs.ts, decisions 0011
 * and 0041), one row per job, shared by every instance on the database. While a run is under way
 * `expires_at` is when it counts as crashed (its start plus the job's lease time) and `owner` names
 * that run; once it has run, `expires_at` is when the next period's run is due, so no instance
 * (one that starts meanwhile included) runs it again before then.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  /** The run that holds (or last held) the lease: `<instance id>#<run number>`. */
  owner: text("owner").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  /** When the latest period's run started, whichever instance ran it. */
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  /** When a run last ended without an error (what monitoring alerts on when it grows old). */
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
});
