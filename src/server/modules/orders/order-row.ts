import { getTableColumns } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { orders } from "#server/db/schema.ts";
import { jsonColumn, runStatement, type Statement } from "#server/db/statements.ts";

/** An order as the use cases pass it around: the row as drizzle reads it. */
export type OrderRow = typeof orders.$inferSelect;

const orderColumns = getTableColumns(orders);

/**
 * An order row as `to_jsonb(orders)` gives it (column names, times as text; a driver may leave the
 * JSON as text), as drizzle gives it.
 */
export function orderFromJson(value: Record<string, unknown> | string): OrderRow {
  const json = jsonColumn(value);
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(orderColumns)) {
    const value = json[column.name] ?? null;
    row[key] = column.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  return row as OrderRow;
}

/** Runs a statement that answers at most one order, as `to_jsonb(…) as row`. */
export async function orderStatement(db: Db, query: Statement, params: unknown[]): Promise<OrderRow | undefined> {
  const [found] = await runStatement<{ row: Record<string, unknown> | string }>(db, query, params);
  return found ? orderFromJson(found.row) : undefined;
}
