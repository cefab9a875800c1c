// Spec point 4: of the product state only the checkout (its active step) and the shop's sort
// persist in local storage, with a persistence time-out of 5000 ms: writes are debounced, and
// a change is written at the latest PERSIST_TIMEOUT_MS after it was made, however many follow
// (a reload before then loses nothing: `pagehide` flushes). What is read back is checked;
// anything unreadable gives the defaults.
import { PRODUCT_SORTS, type ProductSort } from '../../../server/contracts/shop';

export const PRODUCT_STATE_KEY = 'clipdeck:product';
export const PERSIST_TIMEOUT_MS = 5000;
/** how long a change waits for more before it is written */
const DEBOUNCE_MS = 300;

export interface PersistedProductState {
  checkout: { activeStep: number };
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
    return {
      checkout: {
        activeStep: Number.isInteger(step) && step! >= 0 && step! <= 3 ? step! : 0,
      },
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
