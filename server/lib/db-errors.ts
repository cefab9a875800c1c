/** True when a database error (PGlite, node-postgres, or Drizzle's wrapper) has one of `codes`. */
function hasSqlState(error: unknown, codes: string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = typeof current === 'object' ? (current as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && codes.includes(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when a database error is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, ['23505']);
}

/**
 * True when the database refused text it cannot store: 22021 (a character not valid in UTF-8
 * text, U+0000) or 22P05 (`\u0000` in jsonb). Input is checked before it gets this far
 * (lib/storable-input.ts); this is the answer for anything that still does: a 400, not a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  return hasSqlState(error, ['22021', '22P05']);
}
