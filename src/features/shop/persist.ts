// docs/product-rules.md#shop-cart-and-checkout: of the product state only the checkout (its active
// step) and the shop's sort persist in local storage, with a persistence time-out of 5000 ms:
// writes are debounced, and a change is written at the latest PERSIST_TIMEOUT_MS after it was made,
// however many follow (a reload before then loses nothing: `pagehide` flushes). What is read back
// is checked; anything unreadable gives the defaults. The checkout also keeps the Idempotency-Key
// of the order being placed (one per attempt, written at once: a reload, a retry or another tab
// sends the same key) and, once placed, the order's id for the confirmation step.
import { PRODUCT_SORTS, type ProductSort } from '../../../server/contracts/shop-constants';

export const PRODUCT_STATE_KEY = 'clipdeck:product';
export const PERSIST_TIMEOUT_MS = 5000;
/** how long a change waits for more before it is written */
const DEBOUNCE_MS = 300;
const ID = /^[A-Za-z0-9-]{1,64}$/;

export interface CheckoutState {
  activeStep: number;
  /** the Idempotency-Key of the order being placed */
  orderKey?: string;
  /** the order placed (the confirmation step shows it) */
  orderId?: string;
}

export interface PersistedProductState {
  checkout: CheckoutState;
  sort: ProductSort;
}

export const DEFAULT_PRODUCT_STATE: PersistedProductState = {
  checkout: { activeStep: 0 },
  sort: 'featured',
};

let pending: PersistedProductState | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let firstPendingAt = 0;

function parse(raw: string | null): PersistedProductState {
  if (!raw) return DEFAULT_PRODUCT_STATE;
  try {
    const value = JSON.parse(raw) as Partial<PersistedProductState> | null;
    const step = value?.checkout?.activeStep;
    const sort = value?.sort;
    const checkout: CheckoutState = {
      activeStep: Number.isInteger(step) && step! >= 0 && step! <= 3 ? step! : 0,
    };
    const { orderKey, orderId } = value?.checkout ?? {};
    if (typeof orderKey === 'string' && ID.test(orderKey)) checkout.orderKey = orderKey;
    if (typeof orderId === 'string' && ID.test(orderId)) checkout.orderId = orderId;
    return {
      checkout,
      sort: PRODUCT_SORTS.includes(sort as ProductSort) ? (sort as ProductSort) : 'featured',
    };
  } catch {
    return DEFAULT_PRODUCT_STATE;
  }
}

/** The persisted state (a change not yet written included). */
export function readProductState(): PersistedProductState {
  if (pending) return pending;
  try {
    return parse(localStorage.getItem(PRODUCT_STATE_KEY));
  } catch {
    return DEFAULT_PRODUCT_STATE;
  }
}

export function flushProductState() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!pending) return;
  const value = pending;
  pending = null;
  try {
    localStorage.setItem(PRODUCT_STATE_KEY, JSON.stringify(value));
  } catch {
    // storage full or blocked: the state lives for this page only
  }
}

/** Changes part of the state; written within PERSIST_TIMEOUT_MS. */
export function writeProductState(patch: Partial<PersistedProductState>) {
  const now = Date.now();
  if (!pending) firstPendingAt = now;
  pending = { ...readProductState(), ...patch };
  if (timer) clearTimeout(timer);
  const wait = Math.max(0, Math.min(DEBOUNCE_MS, firstPendingAt + PERSIST_TIMEOUT_MS - now));
  timer = setTimeout(flushProductState, wait);
}

/** Clears the stored state (checkout reset keeps the sort). */
export function resetCheckoutState() {
  writeProductState({ checkout: { activeStep: 0 } });
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushProductState);
