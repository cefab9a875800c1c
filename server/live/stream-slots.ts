// Open live streams counted per user in the database, so the STREAMS_PER_USER cap holds across
// API processes: each stream keeps a row `stream:<userId>:<streamId>` in request_limits, its
// `window_start` refreshed at each timed re-check (stream.ts) and the row deleted when the
// stream ends; a row not refreshed within `staleMs` (its process died) no longer counts.
import { and, eq, like, lt, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { requestLimits } from '../db/schema/index.ts';

const slotKey = (userId: string, streamId: string) => `stream:${userId}:${streamId}`;

/**
 * Registers an open stream for the user; false (and nothing kept) when the user already has
 * `cap` live ones. Rows not refreshed within `staleMs` are dropped first.
 */
export async function claimStreamSlot(
  db: Database,
  userId: string,
  streamId: string,
  cap: number,
  staleMs: number,
): Promise<boolean> {
  const prefix = `stream:${userId}:%`;
  await db
    .delete(requestLimits)
    .where(
      and(
        like(requestLimits.key, prefix),
        lt(
          requestLimits.windowStart,
          sql`now() - ${`${Math.ceil(staleMs)} milliseconds`}::interval`,
        ),
      ),
    );
  await db.insert(requestLimits).values({ key: slotKey(userId, streamId), count: 1 });
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(requestLimits)
    .where(like(requestLimits.key, prefix));
  if (Number(row?.n ?? 0) <= cap) return true;
  await releaseStreamSlot(db, userId, streamId);
  return false;
}

export async function refreshStreamSlot(db: Database, userId: string, streamId: string) {
  await db
    .update(requestLimits)
    .set({ windowStart: sql`now()` })
    .where(eq(requestLimits.key, slotKey(userId, streamId)));
}

export async function releaseStreamSlot(db: Database, userId: string, streamId: string) {
  await db.delete(requestLimits).where(eq(requestLimits.key, slotKey(userId, streamId)));
}
