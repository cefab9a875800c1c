import { useLoadedSubscription } from '@/lib/use-loaded-subscription';

import type { OverviewCounts } from '../../../../server/contracts/overview';

const loadLocalCounts = () => import('./get-counts').then((m) => m.watchOverviewCounts);

/** The device's counts (the offline fallback), loaded only once the server could not answer:
 *  an online home does not load Dexie for them. */
export function useLocalCounts(enabled: boolean): OverviewCounts | undefined {
  return useLoadedSubscription(loadLocalCounts, { enabled });
}
