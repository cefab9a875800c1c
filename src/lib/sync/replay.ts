// Replays the outbox to the server, oldest first, one change at a time (ARCHITECTURE §5).
//
// Each request carries `Idempotency-Key: clientId:seq`; the server applies a key once and
// answers repeats with the stored result, so re-sending after an unknown outcome (timeout,
// crash, server restart mid-request) is always safe. A row leaves the outbox only after a 2xx
// (delivered) or a 4xx (rejected: kept, marked, listed for the user). Anything transient stops
// the run with the head's backoff recorded; a 401 pauses the queue for that token. Callers hold
// the sync lock (see lock.ts) — `syncNow` in engine.ts is the one that does.
import { db, type OutboxRow } from '../db';
import { CHANGE_PATHS, SKIP_PATH, type ChangeOp } from './changes';
import { backoffDelay, classify } from './policy';

export interface ReplayDeps {
  fetch: typeof fetch;
  /** Resolves an API path (same origin, or VITE_API_URL). */
  url: (path: string) => string;
  token: () => string | null | Promise<string | null>;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
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

function headOfQueue() {
  return db.outbox
    .orderBy('seq')
    .filter((row) => row.status === 'queued')
    .first();
}

export function requestFor(row: OutboxRow) {
  return {
    path: row.skip ? SKIP_PATH : CHANGE_PATHS[row.op as ChangeOp],
    body: row.skip ? '{}' : JSON.stringify(row.body),
    key: `${row.clientId}:${row.seq}`,
  };
}

async function send(row: OutboxRow, token: string, deps: ReplayDeps) {
  const { path, body, key } = requestFor(row);
  try {
    const response = await deps.fetch(deps.url(path), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body,
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

export async function replayOutbox(deps: ReplayDeps): Promise<ReplayReport> {
  const now = deps.now ?? Date.now;
  const report: ReplayReport = { outcome: 'empty', delivered: 0, rejected: 0 };
  const token = await deps.token();
  const pausedFor = (await db.meta.get('syncPausedToken'))?.value;
  if (!token || pausedFor === token) return { ...report, outcome: 'paused' };

  for (;;) {
    const head = await headOfQueue();
    if (!head) return report;
    if (head.nextAttemptAt > now())
      return { ...report, outcome: 'waiting', nextAttemptAt: head.nextAttemptAt };

    const answer = await send(head, token, deps);
    // A skip answered 422 means the original change had been applied before we lost its
    // answer: the server has it, so the discard came too late and the row is done.
    const outcome = head.skip && answer.status === 422 ? 'delivered' : classify(answer.status);
    switch (outcome) {
      case 'delivered':
        await db.outbox.delete(head.seq);
        report.delivered += 1;
        break;
      case 'reject':
        await db.outbox.update(head.seq, {
          status: 'rejected',
          error: answer.error,
          httpStatus: answer.status ?? undefined,
        });
        report.rejected += 1;
        break;
      case 'pause':
        await db.meta.put({ key: 'syncPausedToken', value: token });
        return { ...report, outcome: 'paused' };
      case 'retry': {
        const attempts = head.attempts + 1;
        const nextAttemptAt = now() + backoffDelay(attempts, deps.random, answer.retryAfter);
        await db.outbox.update(head.seq, {
          attempts,
          nextAttemptAt,
          error: answer.error,
          httpStatus: answer.status ?? undefined,
        });
        return { ...report, outcome: 'waiting', nextAttemptAt, lastStatus: answer.status };
      }
    }
  }
}

/** Makes the head eligible now (a trigger such as `online` should not wait out the backoff). */
export async function resetBackoff(): Promise<void> {
  await db.outbox.where('status').equals('queued').modify({ nextAttemptAt: 0 });
}
