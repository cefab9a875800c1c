// The header's cart count (spec: totalItems), live from the mirror. Loaded, with Dexie, only
// once the header wants it (components/cart-button.tsx): never in a first-load chunk.
import { liveQuery } from 'dexie';

import { loadSyncRegistry } from '@/lib/sync/registry-source';

import { cartTotals } from '../../../../server/contracts/cart-rules';
import { readCart } from './tables';

export function watchCartCount(onChange: (count: number) => void): { unsubscribe: () => void } {
  let subscription: { unsubscribe: () => void } | null = null;
  let stopped = false;
  void loadSyncRegistry().then(() => {
    if (stopped) return;
    subscription = liveQuery(async () => cartTotals(await readCart()).totalItems).subscribe({
      next: onChange,
      error: (error: unknown) => console.error('Cart count failed', error),
    });
  }, (error: unknown) => console.error('Cart count failed', error));
  return {
    unsubscribe: () => {
      stopped = true;
      subscription?.unsubscribe();
    },
  };
}
