// Local storage health: ask the browser to keep our IndexedDB (so queued changes are not
// evicted under pressure) and turn a full disk into an error the user sees, never a silent loss.

export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('The device storage is full: the change was not saved.');
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

/** True for IndexedDB's quota error, however Dexie wraps it. */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const name = (current as { name?: unknown }).name;
    if (name === 'QuotaExceededError' || name === 'StorageFullError') return true;
    current =
      (current as { inner?: unknown; cause?: unknown }).inner ??
      (current as { cause?: unknown }).cause;
  }
  return false;
}

let persistRequested: Promise<boolean> | null = null;

/** `navigator.storage.persist()` once per page (after sign-in); false where unsupported. */
export function requestPersistentStorage(): Promise<boolean> {
  persistRequested ??= (async () => {
    try {
      if (!navigator.storage?.persist) return false;
      if (await navigator.storage.persisted()) return true;
      return await navigator.storage.persist();
    } catch {
      return false;
    }
  })();
  return persistRequested;
}
