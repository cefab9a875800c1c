// One replay at a time across tabs and the service worker: the Web Locks API (`navigator.locks`
// exists in windows and workers alike) with `ifAvailable`, so a second caller does not queue up
// behind the first — it returns at once, and the holder picks up whatever was appended
// meanwhile because it re-reads the outbox head on every step. Where Web Locks are missing
// (old browsers, unit tests) an in-page flag gives the same answer inside one page.
import { SYNC_LOCK } from './protocol';

export { SYNC_LOCK };

export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

let heldInPage = false;
const releasedInPage = new Set<() => void>();

/** Runs `fn` holding the sync lock, or returns `busy` without running it. */
export async function withSyncLock<T>(
  fn: () => Promise<T>,
  locks: LockManagerLike | undefined = (globalThis.navigator as Navigator | undefined)?.locks,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (locks) {
    return locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) return { ran: false as const };
      return { ran: true as const, value: await fn() };
    });
  }
  if (heldInPage) return { ran: false };
  heldInPage = true;
  try {
    return { ran: true, value: await fn() };
  } finally {
    heldInPage = false;
    for (const released of releasedInPage) released();
    releasedInPage.clear();
  }
}

/**
 * Waits until nobody holds the sync lock (another tab's or the service worker's replay has
 * ended), at most `timeoutMs`; true when it was free in time. For a caller that needs the
 * queue delivered now (placing an order) and found the lock busy: the holder's turn takes as
 * long as its requests do, which no fixed pause can guess.
 */
export async function syncLockReleased(
  timeoutMs: number,
  locks: LockManagerLike | undefined = (globalThis.navigator as Navigator | undefined)?.locks,
): Promise<boolean> {
  if (locks) {
    try {
      await locks.request(SYNC_LOCK, { signal: AbortSignal.timeout(timeoutMs) }, () =>
        Promise.resolve(),
      );
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') return false;
      throw error;
    }
  }
  if (!heldInPage) return true;
  return new Promise((resolve) => {
    const released = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      releasedInPage.delete(released);
      resolve(false);
    }, timeoutMs);
    releasedInPage.add(released);
  });
}
