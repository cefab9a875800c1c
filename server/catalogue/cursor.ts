// Opaque paging cursors. Sorted lists page by keyset (the last row's sort key and id), so a
// row inserted meanwhile never shifts a page and no row repeats or goes missing; relevance
// orders (keyword rank, fused semantic rank) page by offset over a deterministic order.
// A cursor is client input: decoding checks that a keyset key has the shape of its sort's
// column (a date, a number, a timestamp) so a forged one is a 400 naming `cursor`, never a
// cast failing in the database.
import { TRPCError } from '@trpc/server';

/** The PostgreSQL type of a keyset sort's key, as search.ts casts it. */
export type KeyType = 'date' | 'real' | 'timestamptz';

export type Cursor =
  { mode: 'keyset'; key: string | null; id: string } | { mode: 'offset'; offset: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function validDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  date.setUTCFullYear(Number(y));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

const KEY_SHAPE: Record<KeyType, (key: string) => boolean> = {
  date: (key) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
    return !!m && validDate(m[1]!, m[2]!, m[3]!);
  },
  real: (key) => /^(-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|NaN|-?Infinity)$/i.test(key),
  timestamptz: (key) => {
    const m =
      /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.exec(
        key,
      );
    return !!m && validDate(m[1]!, m[2]!, m[3]!);
  },
};

function invalid(): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: 'Invalid cursor: it does not belong to this list. Start again without a cursor.',
  });
}

export function decodeCursor(raw: string, mode: 'offset'): Cursor;
export function decodeCursor(raw: string, mode: 'keyset', keyType: KeyType): Cursor;
export function decodeCursor(raw: string, mode: Cursor['mode'], keyType?: KeyType): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = parsed as Partial<Record<string, unknown>>;
  if (
    mode === 'offset' &&
    c.mode === 'offset' &&
    Number.isInteger(c.offset) &&
    (c.offset as number) >= 0
  ) {
    return { mode, offset: c.offset as number };
  }
  if (
    mode === 'keyset' &&
    c.mode === 'keyset' &&
    typeof c.id === 'string' &&
    UUID.test(c.id) &&
    (c.key === null || (typeof c.key === 'string' && KEY_SHAPE[keyType!](c.key)))
  ) {
    return { mode, key: c.key, id: c.id };
  }
  throw invalid();
}
