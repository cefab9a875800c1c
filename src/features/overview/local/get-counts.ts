import { liveQuery } from 'dexie';

import { countOnDevice, loadCountSources } from '@/lib/overview/count-sources';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import type { OverviewCounts } from '../../../../server/contracts/overview';

/** The device's counts, live, from what each feature counts in its mirror (the offline
 *  fallback); loaded (with Dexie) only when the home needs them. The registry declares the
 *  mirrored tables, so it is loaded before they are read. */
export function watchOverviewCounts(onChange: (counts: OverviewCounts) => void): { unsubscribe: () => void } {
  let subscription: { unsubscribe: () => void } | null = null;
  let stopped = false;
  void Promise.all([loadSyncRegistry(), loadCountSources()]).then(([, sources]) => {
    if (stopped) return;
    subscription = liveQuery(() => countOnDevice(sources)).subscribe({
      next: onChange,
      error: (error: unknown) => console.error('Local counts failed', error),
    });
  }, (error: unknown) => console.error('Local counts failed', error));
  return {
    unsubscribe: () => {
      stopped = true;
      subscription?.unsubscribe();
    },
  };
}
