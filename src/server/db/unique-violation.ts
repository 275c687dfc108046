/** Whether an error (or one it wraps, as Drizzle does) is PostgreSQL's unique violation on `constraint`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505")
      return constraint === undefined || name === constraint || current.message.includes(constraint);
    current = current.cause;
  }
  return false;
}
