// Sign-in throttling, in the database (table auth_throttle) so every API process sees the same
// counters. Two counters per failed attempt:
// - the (account, client address) pair: the first `pairFreeFailures` failures cost nothing,
//   each further one holds that pair back for twice as long as the last (2 s, 4 s, 8 s … up to
//   15 minutes), and the counter is forgotten 15 minutes after its last failure. It never
//   locks the account: its owner signing in from another address is not held back, so an
//   attacker cannot deny the real user;
// - the client address, across accounts: the 20th failure inside 15 minutes blocks the
//   address for 15 minutes (guessing many accounts from one place).
// A held-back attempt answers 429 with Retry-After before the password is checked. A success
// clears its pair's counter. The address is the one app.ts resolved (`clientAddress`: behind
// TRUST_PROXY, the hop the trusted proxy appended, never a value the client wrote).
import { eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { authThrottle } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';

export const THROTTLE = {
  windowSeconds: 15 * 60,
  pairFreeFailures: 3,
  pairBaseDelaySeconds: 2,
  pairMaxDelaySeconds: 15 * 60,
  addressLimit: 20,
  addressBlockSeconds: 15 * 60,
};

const pairKey = (email: string, ip: string) => `pair:${email.toLowerCase()}|${ip}`;
const addressKey = (ip: string) => `address:${ip}`;

function waitText(seconds: number): string {
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/** Throws 429 with Retry-After while this account and address pair, or the address, is held back. */
export async function assertSignInAllowed(db: Database, email: string, ip: string): Promise<void> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(inArray(authThrottle.key, [pairKey(email, ip), addressKey(ip)]));
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  if (until > now) {
    const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
    throw new ApiError(
      429,
      `Too many failed sign-in attempts. Try again in ${waitText(retryAfter)}.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
}

/** Counts one failure against a key, atomically; returns the failures in its window. */
async function countFailure(db: Database, key: string, windowFrom: 'first' | 'last') {
  const window = `${THROTTLE.windowSeconds} seconds`;
  // the pair's window runs from its last failure (a patient attacker stays slowed down), the
  // address's from its first (a fixed window)
  const start =
    windowFrom === 'last'
      ? sql`now()`
      : sql`CASE WHEN auth_throttle.window_start < now() - ${window}::interval
                 THEN now() ELSE auth_throttle.window_start END`;
  const [row] = await queryRows<{ failures: number }>(
    db,
    sql`
    INSERT INTO auth_throttle (key, failures, window_start)
    VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN auth_throttle.window_start < now() - ${window}::interval
                      THEN 1 ELSE auth_throttle.failures + 1 END,
      window_start = ${start}
    RETURNING failures`,
  );
  return Number(row?.failures ?? 0);
}

async function holdBack(db: Database, key: string, seconds: number, reset: boolean) {
  const hold = `${seconds} seconds`;
  await db.execute(sql`
    UPDATE auth_throttle SET blocked_until = now() + ${hold}::interval
      ${reset ? sql`, failures = 0, window_start = now()` : sql``}
    WHERE key = ${key}`);
}

export async function recordSignInFailure(db: Database, email: string, ip: string): Promise<void> {
  const pair = await countFailure(db, pairKey(email, ip), 'last');
  const over = pair - THROTTLE.pairFreeFailures;
  if (over > 0) {
    const delay = Math.min(
      THROTTLE.pairMaxDelaySeconds,
      THROTTLE.pairBaseDelaySeconds * 2 ** Math.min(over - 1, 30),
    );
    await holdBack(db, pairKey(email, ip), delay, false);
  }
  const address = await countFailure(db, addressKey(ip), 'first');
  if (address >= THROTTLE.addressLimit) {
    await holdBack(db, addressKey(ip), THROTTLE.addressBlockSeconds, true);
  }
}

export async function clearSignInFailures(db: Database, email: string, ip: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, pairKey(email, ip)));
}
