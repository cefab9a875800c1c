// The sync panel's list of changes, live from the outbox (loaded with the panel).
import { useLiveQuery } from 'dexie-react-hooks';

import { db, type OutboxRow } from '@/lib/db';

import { describeChange, loadMirrorNames, type ChangeDescription } from './describe-change';

export interface SyncRow {
  row: OutboxRow;
  description: ChangeDescription;
}

export interface SyncQueueState {
  queued: SyncRow[];
  rejected: SyncRow[];
  /** queued changes beyond the ones listed */
  moreQueued: number;
  lastSyncAt: number | null;
}

/** The panel's list (live): every rejected change, the first `limit` queued ones, the last sync. */
export function useSyncQueue(limit = 50): SyncQueueState | undefined {
  return useLiveQuery(async () => {
    const rejectedRows = await db.outbox.where('status').equals('rejected').sortBy('seq');
    const queuedRows: OutboxRow[] = [];
    let moreQueued = 0;
    await db.outbox.orderBy('seq').each((row) => {
      if (row.status !== 'queued' || row.skip) return;
      if (queuedRows.length < limit) queuedRows.push(row);
      else moreQueued += 1;
    });
    const names = await loadMirrorNames([...rejectedRows, ...queuedRows]);
    const describe = (row: OutboxRow) => ({ row, description: describeChange(row, names) });
    const lastSyncAt = ((await db.meta.get('lastSyncAt'))?.value as number | undefined) ?? null;
    return {
      queued: queuedRows.map(describe),
      rejected: rejectedRows.map(describe),
      moreQueued,
      lastSyncAt,
    };
  }, [limit]);
}
