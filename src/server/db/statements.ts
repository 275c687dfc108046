import type { Db } from "./database.ts";

/**
 * A statement whose text never changes, run on the hot paths (decision 0026). Its text is written
 * once, so no query builder runs per request; on PostgreSQL it is a named prepared statement, so
 * each pooled connection parses and plans it once and then only binds and executes it. PGlite
 * (in-process, no named statements through its API) runs the same text with parameters.
 */
export type Statement = { name: string; text: string };

type PgPool = { query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }> };
type PgliteClient = { waitReady: unknown; query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * A json/jsonb value of a statement's row: parsed by the driver, or still text (a driver may
 * leave it so, or a column typed `text` holds JSON).
 */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** Defines a statement (the name must be unique in the process). */
export function statement(name: string, text: string): Statement {
  return { name, text: text.replace(/\s+/g, " ").trim() };
}

/**
 * Runs a statement on the database's own client (never inside a drizzle transaction: one
 * statement is atomic by itself, which is the point of writing a use case as one).
 */
export async function runStatement<Row>(db: Db, { name, text }: Statement, params: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: PgPool | PgliteClient }).$client;
  if ("waitReady" in client) return (await client.query(text, params)).rows as Row[];
  return (await client.query({ name, text, values: params })).rows as Row[];
}
