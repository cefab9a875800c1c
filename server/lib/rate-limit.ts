// Fixed-window request counters in the database (table request_limits), so every API process
// counts the same calls: `hitLimit` adds one call to a key and says whether it is still within
// `limit` calls per `windowSeconds`, and if not, how many seconds until the window ends.
// `peekLimit` reads a key without counting, for limits on failures: a call first asks whether
// the key is spent (`limit` failures in the window), and counts only when it fails.
// Keys carry their call's name (`search:address:<ip>`), one row per key and window.
import { sql } from 'drizzle-orm';

import type { Database, Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ApiError } from './errors.ts';

export interface LimitHit {
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

export async function hitLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<LimitHit> {
  const window = `${windowSeconds} seconds`;
  const [row] = await queryRows<{ count: number | string; remaining: number | string }>(
    db,
    sql`
    INSERT INTO request_limits (key, count, window_start)
    VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN request_limits.window_start <= now() - ${window}::interval
                   THEN 1 ELSE request_limits.count + 1 END,
      window_start = CASE WHEN request_limits.window_start <= now() - ${window}::interval
                   THEN now() ELSE request_limits.window_start END
    RETURNING count,
      extract(epoch from (window_start + ${window}::interval - now())) AS remaining`,
  );
  const count = Number(row?.count ?? 0);
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.remaining ?? windowSeconds))),
  };
}

/** Whether `key` is still under `limit` counted calls in its window, without counting one. */
export async function peekLimit(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<LimitHit> {
  const window = `${windowSeconds} seconds`;
  const [row] = await queryRows<{ count: number | string; remaining: number | string }>(
    db,
    sql`
    SELECT count, extract(epoch from (window_start + ${window}::interval - now())) AS remaining
      FROM request_limits
     WHERE key = ${key} AND window_start > now() - ${window}::interval`,
  );
  return {
    allowed: !row || Number(row.count) < limit,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.remaining ?? windowSeconds))),
  };
}

/** The cause of a 429 that carries its Retry-After (tRPC answers it as a header). */
export class RateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Counts one call of `key`; past `limit` in the window it is refused: 429 with Retry-After. */
export async function spendLimit(
  db: Database,
  key: string,
  limit: { perWindow: number; windowSeconds: number },
  message: string,
): Promise<void> {
  const hit = await hitLimit(db, key, limit.perWindow, limit.windowSeconds);
  if (!hit.allowed)
    throw new ApiError(429, message, undefined, { 'Retry-After': String(hit.retryAfterSeconds) });
}
