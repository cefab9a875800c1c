import { liveQuery } from 'dexie';

import { db } from '@/lib/db';

export interface OutboxCounts {
  pending: number;
  rejected: number;
}

/** Changes waiting and refused, live from the outbox (counts only, no rows kept). */
export function watchOutboxCounts(onChange: (counts: OutboxCounts) => void): { unsubscribe: () => void } {
  return liveQuery(async () => {
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
  }).subscribe({ next: onChange, error: (error: unknown) => console.error('Outbox counts failed', error) });
}
