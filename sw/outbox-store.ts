// The service worker's replay of the sync queue, for Background Sync
// (docs/offline-and-sync.md#the-sync-queues-rules): the page's own protocol
// (src/lib/sync/protocol.ts: order, keys, batches, answers, backoff) over the page's database read
// with raw IndexedDB, which keeps the worker small. Each queued row carries its request, so the
// worker knows no feature. Same lock as the page (`clipdeck-sync`, ifAvailable: a tab and the
// worker never replay together). It never creates the database (a worker that runs before the page
// ever opened it finds nothing to do). Pulling the server's state back into Dexie is the page's
// job: the worker tells open pages it is done.
import {
  replayQueue,
  SYNC_LOCK,
  type OutboxStore,
  type QueuedRow,
  type ReplayReport,
} from '../src/lib/sync/protocol';

const DB_NAME = 'clipdeck';

interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface WorkerReplayDeps {
  indexedDB: IDBFactory;
  fetch: typeof fetch;
  /** resolves an API path against the API's origin */
  url: (path: string) => string;
  locks?: LockManagerLike;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
}

export type WorkerReplayReport =
  | ReplayReport
  | { outcome: 'busy' | 'no-database'; delivered: 0; rejected: 0 };

/** IndexedDB's request results are untyped (`any`); each caller names what it reads. */
const done = <T = unknown>(request: IDBRequest) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Opens the app's database at whatever version the page created; never creates it. */
function openDatabase(factory: IDBFactory): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME);
    let created = false;
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const database = request.result;
      // a newer page wants to upgrade the schema: let it
      database.onversionchange = () => database.close();
      resolve(database);
    };
    request.onerror = (event) => {
      if (created) {
        event.preventDefault();
        resolve(null);
      } else reject(request.error ?? new Error('IndexedDB open failed'));
    };
  });
}

function idbOutboxStore(database: IDBDatabase): OutboxStore {
  const outbox = (mode: IDBTransactionMode) => database.transaction('outbox', mode).objectStore('outbox');
  const meta = (mode: IDBTransactionMode) => database.transaction('meta', mode).objectStore('meta');
  return {
    async queued(limit) {
      // the `status` index keeps equal keys in primary-key (seq) order
      const rows = await done<QueuedRow[]>(outbox('readonly').index('status').getAll('queued', limit));
      // rows of an older page (before requests were stored) wait for the page to upgrade them
      const ready = rows.findIndex((row) => !row.request);
      return ready === -1 ? rows : rows.slice(0, ready);
    },
    async remove(seqs) {
      if (!seqs.length) return;
      const store = outbox('readwrite');
      await Promise.all(seqs.map((seq) => done(store.delete(seq))));
    },
    async patch(seq, patch) {
      const store = outbox('readwrite');
      const row = await done<QueuedRow | undefined>(store.get(seq));
      if (row) await done(store.put({ ...row, ...patch }));
    },
    async pausedFor() {
      const row = await done<{ value?: unknown } | undefined>(meta('readonly').get('syncPausedToken'));
      return typeof row?.value === 'string' ? row.value : null;
    },
    async pause(token) {
      await done(meta('readwrite').put({ key: 'syncPausedToken', value: token }));
    },
  };
}

async function replay(database: IDBDatabase, deps: WorkerReplayDeps): Promise<ReplayReport> {
  const token = await done<{ value?: unknown } | undefined>(
    database.transaction('meta').objectStore('meta').get('accessToken'),
  );
  // the sync event itself means "the network is back": the head's backoff is not waited out
  // (as the page's `online` trigger does), but a failure records the next backoff
  return replayQueue(idbOutboxStore(database), typeof token?.value === 'string' ? token.value : null, {
    ...deps,
    ignoreBackoff: true,
  });
}

/** Replays the queue holding the sync lock; `busy` when a tab holds it (it does the work). */
export async function replayQueueFromWorker(deps: WorkerReplayDeps): Promise<WorkerReplayReport> {
  const database = await openDatabase(deps.indexedDB);
  if (!database) return { outcome: 'no-database', delivered: 0, rejected: 0 };
  try {
    if (!database.objectStoreNames.contains('outbox')) {
      return { outcome: 'no-database', delivered: 0, rejected: 0 };
    }
    if (!deps.locks) return await replay(database, deps);
    return await deps.locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) =>
      lock ? replay(database, deps) : { outcome: 'busy' as const, delivered: 0 as const, rejected: 0 as const },
    );
  } finally {
    database.close();
  }
}
