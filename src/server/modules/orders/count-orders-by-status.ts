import { sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { rowsOf } from "#server/db/rows-of.ts";
import { orderStatuses, type OrderStatus } from "#server/db/schema/orders.ts";

/**
 * How many orders are in each status, every status present (0 when none), for monitoring: one
 * grouped count, answered from the (status, created_at) index.
 */
export async function countOrdersByStatus(db: Db): Promise<Record<OrderStatus, number>> {
  const counts = Object.fromEntries(orderStatuses.map((status) => [status, 0])) as Record<OrderStatus, number>;
  const result = await db.execute(sql`select status, count(*)::int as count from orders group by status`);
  for (const row of rowsOf<{ status: OrderStatus; count: number | string }>(result))
    counts[row.status] = Number(row.count);
  return counts;
}
