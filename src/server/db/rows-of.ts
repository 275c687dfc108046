/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`, drizzle passes them through. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
