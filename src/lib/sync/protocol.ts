// The sync queue's wire protocol, shared by the page (src/lib/sync/replay.ts, over Dexie) and
// the service worker (sw/outbox-store.ts, over raw IndexedDB): one copy of the rules, imported
// by both (the lint zones let sw/ import this file and nothing else of src/).
//
// Guarantees (docs/offline-and-sync.md#the-sync-queues-rules):
// - Order: queued rows go out in `seq` order, up to BATCH_LIMIT per POST /api/sync/batch, each
//   with its stored request and `Idempotency-Key: clientId:seq`; the server applies each as if
//   sent alone, so re-sending after an unknown outcome is always safe.
// - Answers: 2xx delivered (the row goes); 401 pauses the queue for that token; network
//   errors, 5xx and 429 keep the row and retry with jittered backoff; 410 (applied long ago,
//   its answer pruned) is delivered; any other 4xx rejects the
//   row (kept, listed for the user). A discarded row goes out as a no-op skip; a skip answered
//   422 was applied before, so it is done. Nothing is dropped silently.
// - A whole batch refused with a 4xx is sent again with its head alone, so one bad row is
//   rejected on its own and never takes the others with it.
// Keep this file free of DOM, worker and Dexie APIs: both sides compile it.

export const SYNC_LOCK = 'clipdeck-sync';
export const BACKGROUND_SYNC_TAG = 'clipdeck-outbox';
export const SYNC_DONE_MESSAGE = 'clipdeck-sync-done';
export const SKIP_PATH = '/api/sync/skip';
export const BATCH_PATH = '/api/sync/batch';
export const BATCH_LIMIT = 100;

/** What is sent for one queued change; stored on its outbox row. */
export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** the JSON text of the request body */
  body: string;
  /** `clientId:seq`, the Idempotency-Key */
  key: string;
}

/** The part of an outbox row the protocol reads and writes. */
export interface QueuedRow {
  seq: number;
  clientId: string;
  request: OutboxRequest;
  status: 'queued' | 'rejected';
  /** a change the user discarded before it was sent: replayed as a no-op to keep seqs dense */
  skip?: boolean;
  attempts: number;
  /** epoch ms before which the head of the queue is not retried (backoff) */
  nextAttemptAt: number;
  /** the server's refusal (rejected rows) or the last transient failure */
  error?: string;
  httpStatus?: number;
}

export type Outcome = 'delivered' | 'retry' | 'pause' | 'reject';

/** `status` is the HTTP status, or null when no answer arrived (offline, DNS, timeout). */
export function classify(status: number | null): Outcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  // a replay of a change applied long ago whose stored answer was pruned: it is done
  if (status === 410) return 'delivered';
  if (status === 401) return 'pause';
  if (status === 429 || status >= 500) return 'retry';
  if (status >= 400) return 'reject';
  return 'retry'; // 1xx/3xx never reach fetch's caller; treat anything odd as transient
}

export const BACKOFF_BASE_MS = 1_000;
// 10 s: a server that comes back is used within 15 s even when the browser never went offline
// (no `online` event); a struggling server sets a longer wait with Retry-After, a floor here.
export const BACKOFF_CAP_MS = 10_000;

/**
 * Delay before attempt `attempt + 1` after `attempt` failures: exponential, capped, with
 * "equal jitter" (half fixed, half random) so tabs and devices coming back online together
 * do not hammer the server in step. A server's Retry-After (seconds) is a floor.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random, retryAfterS?: number) {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const delay = ceiling / 2 + random() * (ceiling / 2);
  return Math.max(Math.round(delay), (retryAfterS ?? 0) * 1000);
}

export const idempotencyKey = (clientId: string, seq: number) => `${clientId}:${seq}`;

/** The request a row goes out as: its own, or the no-op skip under the same key. */
export function requestToSend(row: QueuedRow): OutboxRequest {
  return row.skip ? { method: 'POST', path: SKIP_PATH, body: '{}', key: row.request.key } : row.request;
}

/** Where the protocol reads and writes rows: Dexie on the page, raw IndexedDB in the worker. */
export interface OutboxStore {
  /** the first `limit` queued rows, lowest seq first */
  queued(limit: number): Promise<QueuedRow[]>;
  /** removes delivered rows */
  remove(seqs: number[]): Promise<void>;
  /** patches a row if it is still there (the user may have discarded it meanwhile) */
  patch(seq: number, patch: Partial<QueuedRow>): Promise<void>;
  /** the token the queue was paused for (a 401), if any */
  pausedFor(): Promise<string | null>;
  pause(token: string): Promise<void>;
}

export interface ProtocolDeps {
  fetch: typeof fetch;
  /** resolves an API path (same origin, or VITE_API_URL) */
  url: (path: string) => string;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  /** the worker's sync event means "the network is back": it does not wait out the backoff */
  ignoreBackoff?: boolean;
}

export type ReplayOutcome = 'empty' | 'waiting' | 'paused';

export interface ReplayReport {
  outcome: ReplayOutcome;
  delivered: number;
  rejected: number;
  /** when `waiting`: the time the head may be tried again */
  nextAttemptAt?: number;
  /** when `waiting`: the failed answer's status, null when the server was not reached */
  lastStatus?: number | null;
}

interface ChangeResult {
  key: string;
  status: number;
  body?: unknown;
  retryAfter?: number;
}

type BatchAnswer =
  | { kind: 'results'; results: ChangeResult[] }
  | { kind: 'failed'; status: number | null; error?: string; retryAfter?: number };

const errorOf = (body: unknown) =>
  body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : undefined;

async function sendBatch(rows: QueuedRow[], token: string, deps: ProtocolDeps): Promise<BatchAnswer> {
  try {
    const response = await deps.fetch(deps.url(BATCH_PATH), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ changes: rows.map(requestToSend) }),
      signal: AbortSignal.timeout(deps.timeoutMs ?? 30_000),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) {
      const results = (body as { results?: unknown } | undefined)?.results;
      return { kind: 'results', results: Array.isArray(results) ? (results as ChangeResult[]) : [] };
    }
    const retryAfter = Number(response.headers.get('Retry-After') ?? NaN);
    return {
      kind: 'failed',
      status: response.status,
      error: errorOf(body) ?? response.statusText,
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
    };
  } catch (error) {
    return { kind: 'failed', status: null, error: error instanceof Error ? error.message : 'Network error' };
  }
}

/** Replays the queue until it is empty or must stop. Callers hold the sync lock. */
export async function replayQueue(store: OutboxStore, token: string | null, deps: ProtocolDeps): Promise<ReplayReport> {
  const now = deps.now ?? Date.now;
  const report: ReplayReport = { outcome: 'empty', delivered: 0, rejected: 0 };
  if (!token || (await store.pausedFor()) === token) return { ...report, outcome: 'paused' };
  let limit = BATCH_LIMIT;

  const retryLater = async (head: QueuedRow, status: number | null, error?: string, retryAfter?: number) => {
    const attempts = head.attempts + 1;
    const nextAttemptAt = now() + backoffDelay(attempts, deps.random, retryAfter);
    await store.patch(head.seq, { attempts, nextAttemptAt, error, httpStatus: status ?? undefined });
    return { ...report, outcome: 'waiting' as const, nextAttemptAt, lastStatus: status };
  };
  const reject = async (row: QueuedRow, status: number, error?: string) => {
    await store.patch(row.seq, { status: 'rejected', error, httpStatus: status });
    report.rejected += 1;
  };

  for (;;) {
    const queued = await store.queued(limit);
    const head = queued[0];
    if (!head) return report;
    if (!deps.ignoreBackoff && head.nextAttemptAt > now())
      return { ...report, outcome: 'waiting', nextAttemptAt: head.nextAttemptAt };
    // one client per batch (the contract); a new client id only comes after a wipe
    const end = queued.findIndex((row) => row.clientId !== head.clientId);
    const batch = end === -1 ? queued : queued.slice(0, end);

    const answer = await sendBatch(batch, token, deps);
    if (answer.kind === 'failed') {
      const outcome = classify(answer.status);
      if (outcome === 'pause') {
        await store.pause(token);
        return { ...report, outcome: 'paused' };
      }
      if (outcome === 'retry') return retryLater(head, answer.status, answer.error, answer.retryAfter);
      // a whole batch refused (too large, malformed): its head alone, then rejected alone
      if (batch.length > 1) {
        limit = 1;
        continue;
      }
      await reject(head, answer.status ?? 400, answer.error);
      limit = BATCH_LIMIT;
      continue;
    }
    limit = BATCH_LIMIT;

    const byKey = new Map(batch.map((row) => [requestToSend(row).key, row]));
    const delivered: number[] = [];
    let stop: ReplayReport | null = null;
    for (const result of answer.results) {
      const row = byKey.get(result.key);
      if (!row) continue;
      const outcome = row.skip && result.status === 422 ? 'delivered' : classify(result.status);
      if (outcome === 'delivered') delivered.push(row.seq);
      else if (outcome === 'reject') await reject(row, result.status, errorOf(result.body));
      else {
        await store.remove(delivered);
        report.delivered += delivered.length;
        delivered.length = 0;
        if (outcome === 'pause') {
          await store.pause(token);
          stop = { ...report, outcome: 'paused' };
        } else stop = await retryLater(row, result.status, errorOf(result.body), result.retryAfter);
        break;
      }
    }
    await store.remove(delivered);
    report.delivered += delivered.length;
    if (stop) return { ...stop, delivered: report.delivered, rejected: report.rejected };
    // an answer that processed nothing would loop: treat it as a transient failure
    if (answer.results.length === 0) return retryLater(head, 200, 'The server processed no change.');
  }
}
