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

export interface SyncRow {
  row: OutboxRow;
  description: ChangeDescription;
}

export interface SyncQueueState {
  queued: SyncRow[];
  rejected: SyncRow[];
  lastSyncAt: number | null;
}

/** The outbox (live): queued changes not discarded, rejected ones, and the last sync time. */
export function useSyncQueue(): SyncQueueState | undefined {
  return useLiveQuery(async () => {
    const rows = await db.outbox.orderBy('seq').toArray();
    const visible = rows.filter((r) => !r.skip);
    const names = await loadMirrorNames(visible);
    const described = visible.map((row) => ({ row, description: describeChange(row, names) }));
    const lastSyncAt = ((await db.meta.get('lastSyncAt'))?.value as number | undefined) ?? null;
    return {
      queued: described.filter((r) => r.row.status === 'queued'),
      rejected: described.filter((r) => r.row.status === 'rejected'),
      lastSyncAt,
    };
  }, []);
}
