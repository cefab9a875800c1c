// The sync engine's state (online, syncing, paused, full disk) as a small store apart from the
// engine, so the header can show it before the engine and Dexie have loaded.
export interface SyncStatus {
  /** the browser says it is online and the server answered the last time we asked */
  online: boolean;
  syncing: boolean;
  /** a 401 paused the queue until the user signs in again */
  paused: boolean;
  storageFull: boolean;
  lastError?: string;
}

let status: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  paused: false,
  storageFull: false,
};
const listeners = new Set<() => void>();

export const syncStatusStore = {
  get: () => status,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function setSyncStatus(patch: Partial<SyncStatus>) {
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}
