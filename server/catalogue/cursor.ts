// Opaque paging cursors. Sorted lists page by keyset (the last row's sort key and id), so a
// row inserted meanwhile never shifts a page and no row repeats or goes missing; relevance
// orders (keyword rank, fused semantic rank) page by offset over a deterministic order.
import { TRPCError } from '@trpc/server';

export type Cursor =
  { mode: 'keyset'; key: string | null; id: string } | { mode: 'offset'; offset: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalid(): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: 'Invalid cursor: it does not belong to this list. Start again without a cursor.',
  });
}

export function decodeCursor(raw: string, mode: Cursor['mode']): Cursor {
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
    (c.key === null || typeof c.key === 'string')
  ) {
    return { mode, key: c.key, id: c.id };
  }
  throw invalid();
}
