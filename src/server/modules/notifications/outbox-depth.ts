import { sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { rowsOf } from "#server/db/rows-of.ts";

/** The outbox's unsent e-mails by status, and how long the oldest pending one has waited. */
export type OutboxDepth = { pending: number; sending: number; failed: number; oldestPendingSeconds: number };

/**
 * The outbox's depth for monitoring: one grouped count over the rows not yet sent (the
 * `(status, next_attempt_at)` index), ages from the database's clock.
 */
export async function outboxDepth(db: Db): Promise<OutboxDepth> {
  const result = await db.execute(sql`
    select status, count(*)::int as count,
           coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
    from outbox where status in ('pending', 'sending', 'failed') group by status`);
  const depth: OutboxDepth = { pending: 0, sending: 0, failed: 0, oldestPendingSeconds: 0 };
  for (const row of rowsOf<{
    status: "pending" | "sending" | "failed";
    count: number | string;
    oldest_seconds: number | string;
  }>(result)) {
    depth[row.status] = Number(row.count);
    if (row.status === "pending") depth.oldestPendingSeconds = Math.max(0, Number(row.oldest_seconds));
  }
  return depth;
}
