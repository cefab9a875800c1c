// Keeps what the server stores for devices that were offline from growing forever: the
// idempotency store (sync_results, below) and the kanban tombstones (deleted cards, kept
// TOMBSTONE_DAYS so an offline edit made before the delete can restore the card; see
// server/kanban/tombstones.ts).
//
// A stored answer exists so a client that never received it can replay its change and get it.
// An answer is pruned when it is older than SYNC_RESULT_DAYS (default 30) AND its sequence is
// below its client's last sequence: past the window a client that still has not received it
// has been offline for a month with its queue unsent, and the last answer of each client is
// always kept. A replay of a pruned change is not applied again (its sequence is still at or
// below `lastSeq`); it is answered 410 naming `Idempotency-Key` ("applied; its answer was
// pruned"), so the client drops it and reloads the server's state.
//
// Client rows (sync_clients: user, client id, last sequence, about 100 bytes) are never pruned:
// a deleted row would make a forgotten client look new, and its unacknowledged change 1 would be
// applied twice. They go with their user, and a user may start at most MAX_NEW_CLIENTS in
// CLIENT_WINDOW_DAYS (idempotency.ts), which bounds how fast they accumulate.
//
// The job runs in every API process, hourly; a transaction-scoped advisory lock lets one of
// several processes on one database prune at a time (the others skip that round), and the
// deletes are idempotent, so a crash mid-way only leaves work for the next round.
import { sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { pruneTombstones } from '../kanban/tombstones.ts';

export const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** A fixed advisory-lock key (two int4s) that only this job uses. */
const LOCK = sql`pg_try_advisory_xact_lock(1937337714, 1919252069)`;
const TOMBSTONE_LOCK = sql`pg_try_advisory_xact_lock(1937337714, 1953459566)`;

/** Deletes the answers no client can ask for again; null when another process holds the job. */
export async function pruneSyncResults(db: Database, days: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select ${LOCK} as locked`);
    if (!lock?.locked) return null;
    const [pruned] = await queryRows<{ n: number }>(
      tx,
      sql`
      with pruned as (
        delete from sync_results r
        using sync_clients c
        where r.user_id = c.user_id
          and r.client_id = c.client_id
          and r.seq < c.last_seq
          and r.created_at < now() - make_interval(days => ${days})
        returning 1
      )
      select count(*)::int as n from pruned`,
    );
    return pruned?.n ?? 0;
  });
}

/** Deletes the tombstones past TOMBSTONE_DAYS; null when another process holds the job. */
export async function pruneOldTombstones(db: Database, days: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select ${TOMBSTONE_LOCK} as locked`,
    );
    if (!lock?.locked) return null;
    return pruneTombstones(tx, days);
  });
}

/** One round of the job: what each store pruned (null: another process had it). */
export async function pruneOnce(deps: AppDeps) {
  const { SYNC_RESULT_DAYS, TOMBSTONE_DAYS } = deps.env;
  return {
    syncResults: await pruneSyncResults(deps.database.db, SYNC_RESULT_DAYS),
    tombstones: await pruneOldTombstones(deps.database.db, TOMBSTONE_DAYS),
  };
}

/** Prunes a minute after start and then every PRUNE_EVERY_MS; returns the stop function. */
export function startPruning(deps: AppDeps): () => void {
  const run = async () => {
    try {
      const pruned = await pruneOnce(deps);
      if (pruned.syncResults || pruned.tombstones) deps.log.info('pruned', pruned);
    } catch (error) {
      deps.log.error('pruning failed', {
        error: error instanceof Error ? error.name : typeof error,
      });
    }
  };
  const first = setTimeout(() => void run(), 60_000);
  const timer = setInterval(() => void run(), PRUNE_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
