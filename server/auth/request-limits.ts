// Limits for calls anyone may make that send mail or store what a stranger wrote (password
// reset, access requests). Each call is counted in a fixed window per client address and per
// target email, in the database (table request_limits), so every API process shares the
// counts; over a limit the call answers 429 with Retry-After, the same for a known and an
// unknown email. Counting is one atomic upsert per key.
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ApiError } from '../lib/errors.ts';

export interface RequestLimit {
  /** the call's name, part of each key */
  call: string;
  windowSeconds: number;
  perAddress: number;
  perEmail: number;
}

export const FORGOT_LIMIT: RequestLimit = {
  call: 'forgot',
  windowSeconds: 15 * 60,
  perAddress: 10,
  perEmail: 3,
};

export const ACCESS_REQUEST_LIMIT: RequestLimit = {
  call: 'access-request',
  windowSeconds: 60 * 60,
  perAddress: 5,
  perEmail: 2,
};

async function count(db: Database, key: string, windowSeconds: number) {
  const window = `${windowSeconds} seconds`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db,
    sql`
    INSERT INTO request_limits (key, count, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN request_limits.window_start <= now() - ${window}::interval
                   THEN 1 ELSE request_limits.count + 1 END,
      window_start = CASE WHEN request_limits.window_start <= now() - ${window}::interval
                   THEN now() ELSE request_limits.window_start END
    RETURNING count,
      greatest(1, ceil(extract(epoch from (window_start + ${window}::interval - now()))))::int
        AS retry_after`,
  );
  return { count: Number(row?.count ?? 0), retryAfter: Number(row?.retry_after ?? 1) };
}

/** Counts one call for the address and the email; throws 429 when either is over its limit. */
export async function limitRequest(
  db: Database,
  limit: RequestLimit,
  who: { address: string; email: string },
): Promise<void> {
  const byAddress = await count(db, `${limit.call}:address:${who.address}`, limit.windowSeconds);
  const byEmail = await count(
    db,
    `${limit.call}:email:${who.email.trim().toLowerCase()}`,
    limit.windowSeconds,
  );
  const over = [
    byAddress.count > limit.perAddress ? byAddress.retryAfter : 0,
    byEmail.count > limit.perEmail ? byEmail.retryAfter : 0,
  ];
  const retryAfter = Math.max(...over);
  if (retryAfter > 0) {
    throw new ApiError(
      429,
      `Too many requests. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
}
