import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';

import { db, type OutboxRow } from '@/lib/db';
import { syncStatusStore } from '@/lib/sync/engine';

import { describeChange, loadMirrorNames, type ChangeDescription } from './describe-change';

export function useSyncStatus() {
  return useSyncExternalStore(
    (listener) => syncStatusStore.subscribe(listener),
    () => syncStatusStore.get(),
    () => syncStatusStore.get(),
  );
}

/** Changes waiting and refused (live), for the header badge: counts only, no rows kept. */
export function useSyncCounts(): { pending: number; rejected: number } {
  return (
    useLiveQuery(async () => {
      const [queued, skipped, rejected] = await Promise.all([
        db.outbox.where('status').equals('queued').count(),
        db.outbox
          .where('status')
          .equals('queued')
          .filter((r) => r.skip === true)
          .count(),
        db.outbox.where('status').equals('rejected').count(),
      ]);
      return { pending: queued - skipped, rejected };
    }, []) ?? { pending: 0, rejected: 0 }
  );
}

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
