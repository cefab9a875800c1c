// A value pushed by a live subscription whose code (Dexie and its live queries, say) is loaded
// only when the value is wanted: the header's outbox badge and the home's offline counts.
import { useEffect, useState } from 'react';

import { whenIdle } from './when-idle';

export interface Subscription {
  unsubscribe: () => void;
}
export type Watch<T> = (onChange: (value: T) => void) => Subscription;

/**
 * `load` (keep it stable: module level) resolves to the function that subscribes. It runs
 * while `enabled`, at once or, with `when: 'idle'`, once the browser is idle after the first
 * paint. Undefined until the first value, and while not enabled.
 */
export function useLoadedSubscription<T>(
  load: () => Promise<Watch<T>>,
  { enabled = true, when = 'now' }: { enabled?: boolean; when?: 'now' | 'idle' } = {},
): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    if (!enabled) return;
    let subscription: Subscription | undefined;
    let active = true;
    const start = () => {
      void load().then((watch) => {
        if (active) subscription = watch(setValue);
      });
    };
    let cancel: (() => void) | undefined;
    if (when === 'idle') cancel = whenIdle(start);
    else start();
    return () => {
      active = false;
      cancel?.();
      subscription?.unsubscribe();
    };
  }, [load, enabled, when]);
  return enabled ? value : undefined;
}
