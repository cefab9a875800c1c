// The header's view of sync: the engine's status (a small store) and the outbox counts, which
// load Dexie once the browser is idle after the first paint (no count shows until then).
import { useSyncExternalStore } from 'react';

import { syncStatusStore } from '@/lib/sync/status';
import { useLoadedSubscription } from '@/lib/use-loaded-subscription';

import type { OutboxCounts } from './outbox-counts';

export function useSyncStatus() {
  return useSyncExternalStore(
    (listener) => syncStatusStore.subscribe(listener),
    () => syncStatusStore.get(),
    () => syncStatusStore.get(),
  );
}

const NO_COUNTS: OutboxCounts = { pending: 0, rejected: 0 };
const loadOutboxCounts = () => import('./outbox-counts').then((m) => m.watchOutboxCounts);

/** Changes waiting and refused (live), for the header badge. */
export function useSyncCounts(): OutboxCounts {
  return useLoadedSubscription(loadOutboxCounts, { when: 'idle' }) ?? NO_COUNTS;
}
