// Sign-in throttling. Failed attempts are counted per account and per client address in the
// database (table auth_throttle), so every API process sees the same counters. Inside a
// 15-minute window, the 5th failure for an account or the 20th for an address blocks further
// attempts for 15 minutes; blocked attempts answer 429 with Retry-After. A successful sign-in
// clears the account's counter.
import { eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { authThrottle } from '../db/schema/index.ts';
import { rowsOf } from '../lib/db-errors.ts';
import { ApiError } from '../lib/errors.ts';

export const THROTTLE = {
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
  accountLimit: 5,
  addressLimit: 20,
};

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

/** Throws 429 when either key is blocked now. */
export async function assertNotThrottled(db: Database, keys: string[]): Promise<void> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(inArray(authThrottle.key, keys));
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  if (until > now) {
    const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
    throw new ApiError(
      429,
      `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
}

/** Counts one failure against a key, atomically, and blocks it when over its limit. */
async function recordFailure(db: Database, key: string, limit: number): Promise<void> {
  const window = `${THROTTLE.windowSeconds} seconds`;
  const block = `${THROTTLE.blockSeconds} seconds`;
  const result = await db.execute(sql`
    INSERT INTO auth_throttle (key, failures, window_start)
    VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN auth_throttle.window_start < now() - ${window}::interval
                      THEN 1 ELSE auth_throttle.failures + 1 END,
      window_start = CASE WHEN auth_throttle.window_start < now() - ${window}::interval
                      THEN now() ELSE auth_throttle.window_start END
    RETURNING failures`);
  const failures = Number(rowsOf<{ failures: number }>(result)[0]?.failures ?? 0);
  if (failures >= limit) {
    await db.execute(sql`
      UPDATE auth_throttle SET blocked_until = now() + ${block}::interval,
        failures = 0, window_start = now()
      WHERE key = ${key}`);
  }
}

export async function recordSignInFailure(db: Database, email: string, ip: string): Promise<void> {
  await recordFailure(db, accountKey(email), THROTTLE.accountLimit);
  await recordFailure(db, addressKey(ip), THROTTLE.addressLimit);
}

export async function clearAccountFailures(db: Database, email: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, accountKey(email)));
}
