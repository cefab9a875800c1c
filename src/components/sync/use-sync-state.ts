// The sync panel's list of changes, live from the outbox (loaded with the panel).
import { useLiveQuery } from 'dexie-react-hooks';

import { db, type OutboxRow } from '@/lib/db';
import { installedRegistry } from '@/lib/sync/registry-source';

import { describeChange, type ChangeDescription } from './describe-change';

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
    // the database is open, so the registry is installed (db.ts)
    const registry = installedRegistry();
    if (!registry) throw new Error('The sync registry is not installed.');
    const queuedRows: OutboxRow[] = [];
    let moreQueued = 0;
    await db.outbox.orderBy('seq').each((row) => {
      if (row.status !== 'queued' || row.skip) return;
      if (queuedRows.length < limit) queuedRows.push(row);
      else moreQueued += 1;
    });
    const describe = async (row: OutboxRow) => ({ row, description: await describeChange(registry, row) });
    const lastSyncAt = ((await db.meta.get('lastSyncAt'))?.value as number | undefined) ?? null;
    return {
      queued: await Promise.all(queuedRows.map(describe)),
      rejected: await Promise.all(rejectedRows.map(describe)),
      moreQueued,
      lastSyncAt,
    };
  }, [limit]);
}
