/** True when a database error (PGlite, node-postgres, or Drizzle's wrapper) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505')
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Rows from `db.execute()`, which both drivers return as `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
