import { useEffect, useState } from 'react';

import type { OverviewCounts } from '../../../../server/contracts/overview';

/** The device's counts (the offline fallback), loaded only once the server could not answer:
 *  an online home does not load Dexie for them. */
export function useLocalCounts(enabled: boolean): OverviewCounts | undefined {
  const [counts, setCounts] = useState<OverviewCounts>();
  useEffect(() => {
    if (!enabled) return;
    let subscription: { unsubscribe: () => void } | undefined;
    let active = true;
    void import('./get-counts').then(({ watchOverviewCounts }) => {
      if (active) subscription = watchOverviewCounts(setCounts);
    });
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
  }, [enabled]);
  return enabled ? counts : undefined;
}
