// The checkout's persisted state (persist.ts: the active step, the key of the order being
// placed, the order placed) as React state, following other tabs.
import { useCallback, useEffect, useState } from 'react';

import {
  flushProductState,
  PRODUCT_STATE_KEY,
  readProductState,
  writeProductState,
  type CheckoutState,
} from '../persist';

export type { CheckoutState };

/** The state as stored now (this page's pending write included, another tab's seen). */
export function readStoredCheckout(): CheckoutState {
  flushProductState();
  return readProductState().checkout;
}

/** Written at once: the key and the order must survive a reload that comes right after. */
export function storeCheckout(checkout: CheckoutState) {
  writeProductState({ checkout });
  flushProductState();
  window.dispatchEvent(new Event(CHECKOUT_CHANGED));
}

const CHECKOUT_CHANGED = 'clipdeck:checkout';

export function useCheckoutState(): [CheckoutState, (next: CheckoutState) => void] {
  const [state, setState] = useState<CheckoutState>(() => readProductState().checkout);
  const update = useCallback((next: CheckoutState) => {
    setState(next);
    writeProductState({ checkout: next });
  }, []);
  useEffect(() => {
    const reread = () => setState(readProductState().checkout);
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key === PRODUCT_STATE_KEY) reread();
    };
    window.addEventListener('storage', fromOtherTab);
    window.addEventListener(CHECKOUT_CHANGED, reread);
    return () => {
      window.removeEventListener('storage', fromOtherTab);
      window.removeEventListener(CHECKOUT_CHANGED, reread);
    };
  }, []);
  return [state, update];
}
