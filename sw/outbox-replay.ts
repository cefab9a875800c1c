// The service worker's replay of the sync queue, for Background Sync (ARCHITECTURE §5).
//
// It mirrors `replayOutbox` of src/lib/sync/replay.ts on purpose (sw/ may not import src/, see
// sync-protocol.ts): same database (`clipdeck`, the Dexie schema of src/lib/db.ts), same lock
// (`clipdeck-sync`, ifAvailable, so a tab and the worker never replay together), same order
// (lowest queued `seq` first, one at a time, each with `Idempotency-Key: clientId:seq`), same
// rules (2xx delivered; 4xx rejected and kept for the user; 401 pauses the queue for that
// token; network, 5xx and 429 stop with the head's backoff recorded; a discarded row goes out
// as a no-op skip, and a skip answered 422 was applied before, so it is done). It reads IndexedDB
// directly rather than through Dexie, to keep the worker small; it never creates the database
// (a worker that runs before the page ever opened it finds nothing to do). Pulling the server's
// state back into Dexie is the page's job: the worker tells open pages it is done.
import { classify, backoffDelay, CHANGE_PATHS, SKIP_PATH, SYNC_LOCK } from './sync-protocol';

const DB_NAME = 'clipdeck';

/** A row of the Dexie `outbox` table (src/lib/db.ts `OutboxRow`), as the worker reads it. */
export interface QueuedChange {
  seq: number;
  clientId: string;
  op: string;
  body: unknown;
  status: 'queued' | 'rejected';
  skip?: boolean;
  attempts: number;
  nextAttemptAt: number;
  error?: string;
  httpStatus?: number;
}

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
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

export type WorkerReplayOutcome = 'empty' | 'waiting' | 'paused' | 'busy' | 'no-database';

export interface WorkerReplayReport {
  outcome: WorkerReplayOutcome;
  delivered: number;
  rejected: number;
}

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

async function readMeta(database: IDBDatabase, key: string): Promise<unknown> {
  const row = await done<{ value?: unknown } | undefined>(
    database.transaction('meta').objectStore('meta').get(key),
  );
  return row?.value;
}

async function writeMeta(database: IDBDatabase, key: string, value: unknown) {
  await done(database.transaction('meta', 'readwrite').objectStore('meta').put({ key, value }));
}

/** The lowest queued seq (the `status` index keeps equal keys in primary-key order). */
function headOfQueue(database: IDBDatabase) {
  const index = database.transaction('outbox').objectStore('outbox').index('status');
  return done<QueuedChange | undefined>(index.get('queued'));
}

async function deleteRow(database: IDBDatabase, seq: number) {
  await done(database.transaction('outbox', 'readwrite').objectStore('outbox').delete(seq));
}

/** Patches a row if it is still there (the user may have discarded it meanwhile). */
async function patchRow(database: IDBDatabase, seq: number, patch: Partial<QueuedChange>) {
  const store = database.transaction('outbox', 'readwrite').objectStore('outbox');
  const row = await done<QueuedChange | undefined>(store.get(seq));
  if (row) await done(store.put({ ...row, ...patch }));
}

async function send(change: QueuedChange, token: string, deps: WorkerReplayDeps) {
  const path = change.skip ? SKIP_PATH : CHANGE_PATHS[change.op];
  if (!path) return { status: 400, error: `Unknown change ${change.op}` };
  try {
    const response = await deps.fetch(deps.url(path), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': `${change.clientId}:${change.seq}`,
      },
      body: change.skip ? '{}' : JSON.stringify(change.body),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 15_000),
    });
    let error: string | undefined;
    if (!response.ok) {
      try {
        error = ((await response.json()) as { error?: string }).error;
      } catch {
        error = response.statusText;
      }
    }
    const retryAfter = Number(response.headers.get('Retry-After'));
    return {
      status: response.status,
      error,
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : 'Network error' };
  }
}

async function replay(database: IDBDatabase, deps: WorkerReplayDeps): Promise<WorkerReplayReport> {
  const now = deps.now ?? Date.now;
  const report: WorkerReplayReport = { outcome: 'empty', delivered: 0, rejected: 0 };
  const token = await readMeta(database, 'accessToken');
  const pausedFor = await readMeta(database, 'syncPausedToken');
  if (typeof token !== 'string' || !token || pausedFor === token)
    return { ...report, outcome: 'paused' };

  // The sync event itself means "the network is back": the head's backoff is not waited out
  // (as the page's `online` trigger does), but a failure below records the next backoff.
  for (;;) {
    const head = await headOfQueue(database);
    if (!head) return report;
    const answer = await send(head, token, deps);
    const outcome = head.skip && answer.status === 422 ? 'delivered' : classify(answer.status);
    if (outcome === 'delivered') {
      await deleteRow(database, head.seq);
      report.delivered += 1;
    } else if (outcome === 'reject') {
      await patchRow(database, head.seq, {
        status: 'rejected',
        error: answer.error,
        httpStatus: answer.status ?? undefined,
      });
      report.rejected += 1;
    } else if (outcome === 'pause') {
      await writeMeta(database, 'syncPausedToken', token);
      return { ...report, outcome: 'paused' };
    } else {
      const attempts = head.attempts + 1;
      await patchRow(database, head.seq, {
        attempts,
        nextAttemptAt:
          now() + backoffDelay(attempts, deps.random ?? Math.random, answer.retryAfter),
        error: answer.error,
        httpStatus: answer.status ?? undefined,
      });
      return { ...report, outcome: 'waiting' };
    }
  }
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
      lock ? replay(database, deps) : { outcome: 'busy' as const, delivered: 0, rejected: 0 },
    );
  } finally {
    database.close();
  }
}
