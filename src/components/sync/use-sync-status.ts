// The header's view of sync: the engine's status (a small store) and the outbox counts, which
// load Dexie once the browser is idle after the first paint (no count shows until then).
import { useEffect, useState, useSyncExternalStore } from 'react';

import { syncStatusStore } from '@/lib/sync/status';
import { whenIdle } from '@/lib/when-idle';

import type { OutboxCounts } from './outbox-counts';

export function useSyncStatus() {
  return useSyncExternalStore(
    (listener) => syncStatusStore.subscribe(listener),
    () => syncStatusStore.get(),
    () => syncStatusStore.get(),
  );
}

/** Changes waiting and refused (live), for the header badge. */
export function useSyncCounts(): OutboxCounts {
  const [counts, setCounts] = useState<OutboxCounts>({ pending: 0, rejected: 0 });
  useEffect(() => {
    let subscription: { unsubscribe: () => void } | undefined;
    let active = true;
    const cancel = whenIdle(() => {
      void import('./outbox-counts').then(({ watchOutboxCounts }) => {
        if (active) subscription = watchOutboxCounts(setCounts);
      });
    });
    return () => {
      active = false;
      cancel();
      subscription?.unsubscribe();
    };
  }, []);
  return counts;
}
