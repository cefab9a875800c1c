// Deleted cards, kept for TOMBSTONE_DAYS (docs/live.md, "Merges"). A tombstone holds the card as
// it was, so an offline edit based on a cursor before the delete can restore it (cards.ts). Past
// the horizon the tombstone is pruned and such an edit answers 404, like an edit made after the
// delete was seen: a device offline that long drops its change and reloads the board. Pulls never
// depend on tombstones: a board whose cursor moved is answered whole (board.ts,
// `loadBoardSince`), so the device replaces its copy and a pruned delete is never missed.
import { lt, sql } from 'drizzle-orm';

import type { Executor } from '../db/client.ts';
import { kanbanTombstones } from '../db/schema/index.ts';

/** Deletes the tombstones of cards deleted more than `days` days ago; returns how many. */
export async function pruneTombstones(tx: Executor, days: number): Promise<number> {
  const gone = await tx
    .delete(kanbanTombstones)
    .where(lt(kanbanTombstones.deletedAt, sql`now() - make_interval(days => ${days})`))
    .returning({ cardId: kanbanTombstones.cardId });
  return gone.length;
}
