// The page's replay of the outbox: the shared protocol (protocol.ts: batches of up to 100
// changes to POST /api/sync/batch, in seq order, each answer applied to its row) over the Dexie
// outbox. Callers hold the sync lock (see lock.ts) — `syncNow` in engine.ts is the one that does.
import { db } from '../db';
import { replayQueue, type OutboxStore, type ProtocolDeps, type ReplayReport } from './protocol';

export type { ReplayOutcome, ReplayReport } from './protocol';

export interface ReplayDeps extends Omit<ProtocolDeps, 'ignoreBackoff'> {
  token: () => string | null | Promise<string | null>;
}

export const dexieOutboxStore: OutboxStore = {
  // the `status` index keeps equal keys in primary-key (seq) order
  queued: (limit) => db.outbox.where('status').equals('queued').limit(limit).toArray(),
  async remove(seqs) {
    if (seqs.length) await db.outbox.bulkDelete(seqs);
  },
  async patch(seq, patch) {
    await db.outbox.update(seq, patch);
  },
  async pausedFor() {
    const value = (await db.meta.get('syncPausedToken'))?.value;
    return typeof value === 'string' ? value : null;
  },
  async pause(token) {
    await db.meta.put({ key: 'syncPausedToken', value: token });
  },
};

export async function replayOutbox(deps: ReplayDeps): Promise<ReplayReport> {
  return replayQueue(dexieOutboxStore, await deps.token(), deps);
}

/** Makes the head eligible now (a trigger such as `online` should not wait out the backoff). */
export async function resetBackoff(): Promise<void> {
  await db.outbox.where('status').equals('queued').modify({ nextAttemptAt: 0 });
}
