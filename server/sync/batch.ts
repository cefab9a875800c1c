// POST /api/sync/batch: an ordered batch of one client's queued changes in one request.
// `{ changes: [{ key: 'clientId:seq', method, path, body: '<the JSON text>' }] }` (1 to 100, one
// client, ascending seq) → `{ results: [{ key, status, body, replayed, retryAfter? }], stopped }`.
//
// Each change goes through `ClientSequence.apply` (idempotency.ts) with its own key, method,
// path and raw body text, so it is applied, replayed, refused or stored exactly as if it had
// been sent alone. What the batch saves is the rest of a request, measured: the token is
// verified and the user row read once (by the /api/sync/* `requireUser`), a change is
// dispatched to its mutation directly (no HTTP, no router), and up to CHANGES_PER_TRANSACTION
// changes share one transaction — the client row locked once, each change in its own
// savepoint, their answers written in one statement. A change that fails (5xx) is rolled back
// to its savepoint and the earlier ones commit; if a transaction cannot commit, none of its
// changes are reported and the batch stops there (the client sends them again). Groups stay
// small because PGlite runs one transaction at a time. Only sync-able paths (registry.ts) are
// dispatched; any other is a 400 result and never runs. Processing stops after the first
// change that must stop the queue (401, 429, 5xx, a sequence gap); later ones are left out.
import type { Hono } from 'hono';
import { z } from 'zod';

import { currentUser } from '../auth/middleware.ts';
import type { AppDeps, AppEnv } from '../context.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { afterCommit } from '../live/bus.ts';
import { route } from '../openapi/route.ts';
import {
  ClientSequence,
  parseKey,
  refusalBody,
  SequenceGap,
  type IdempotencyKey,
} from './idempotency.ts';
import { syncableMutations } from './registry.ts';

export const BATCH_PATH = '/api/sync/batch';
export const MAX_BATCH_CHANGES = 100;
/** Changes applied per database transaction (see the header). */
export const CHANGES_PER_TRANSACTION = 25;

export const batchSchema = z.object({
  changes: z
    .array(
      z.object({
        key: z.string({ error: 'Each change needs its key (clientId:seq).' }),
        method: z.string({ error: 'Each change needs its method.' }).max(10),
        path: z.string({ error: 'Each change needs its path.' }).max(200),
        body: z.string({ error: 'Each change needs its body as JSON text.' }),
      }),
      { error: 'changes must be a list of changes.' },
    )
    .min(1, 'Send at least one change.')
    .max(MAX_BATCH_CHANGES, `A batch holds ${MAX_BATCH_CHANGES} changes at most.`),
});

export interface BatchResult {
  key: string;
  status: number;
  body: unknown;
  replayed: boolean;
  retryAfter?: number;
}

function keysOf(changes: { key: string }[]): IdempotencyKey[] {
  const keys = changes.map((change, i) => {
    const key = parseKey(change.key);
    if (!key) {
      throw badRequest(`changes.${i}.key: expected clientId:seq (seq from 1).`, {
        [`changes.${i}.key`]: 'Expected clientId:seq.',
      });
    }
    return key;
  });
  if (keys.some((key) => key.clientId !== keys[0]!.clientId)) {
    throw badRequest('All changes of a batch must come from one client.', {
      changes: 'Changes from more than one clientId.',
    });
  }
  if (keys.some((key, i) => i > 0 && key.seq <= keys[i - 1]!.seq)) {
    throw badRequest('The changes of a batch must be in ascending sequence order.', {
      changes: 'Sequence numbers must ascend.',
    });
  }
  return keys;
}

const mustStop = (status: number, error: unknown) =>
  status === 401 || status === 429 || status >= 500 || error instanceof SequenceGap;

type Change = z.infer<typeof batchSchema>['changes'][number];

function failureResult(key: string, error: unknown, log: AppDeps['log'], path: string) {
  if (error instanceof ApiError) {
    const retryAfter = Number(error.headers?.['Retry-After']);
    return {
      key,
      status: error.status,
      body: refusalBody(error),
      replayed: false,
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
    };
  }
  log.error('sync batch change failed', {
    path,
    error: error instanceof Error ? error.name : typeof error,
  });
  return {
    key,
    status: 500,
    body: { error: 'Something went wrong on our side. Please try again.' },
    replayed: false,
  };
}

const notSyncable = (change: Change): BatchResult => ({
  key: change.key,
  status: 400,
  body: {
    error: 'Not a sync-able call.',
    fields: { path: `${change.method} ${change.path} cannot be sent in a batch.` },
  },
  replayed: false,
});

/** Mounts the batch call on `app`; call it after every sync-able route is mounted. */
export function mountSyncBatch(app: Hono<AppEnv>) {
  const mutations = syncableMutations(app);

  const declaration = route({
    tag: 'Sync',
    access: 'user',
    summary: 'Apply queued changes, each exactly once; one answer per change.',
    body: batchSchema,
  });
  app.post(BATCH_PATH, declaration, async (c) => {
    const ctx = { user: currentUser(c), deps: c.var.deps };
    const { changes } = c.req.valid('json');
    const keys = keysOf(changes);
    const { db } = ctx.deps.database;
    const log = ctx.deps.log;
    const results: BatchResult[] = [];
    let next = 0;
    let stopped = false;

    while (next < changes.length && !stopped) {
      const first = next;
      const group: BatchResult[] = [];
      try {
        await afterCommit(ctx.deps, () =>
          db.transaction(async (tx) => {
            const sequence = await ClientSequence.lock(tx, ctx, keys[first]!.clientId);
            for (
              let i = first;
              i < Math.min(first + CHANGES_PER_TRANSACTION, changes.length);
              i += 1
            ) {
              const change = changes[i]!;
              next = i + 1;
              const mutation = mutations.get(`${change.method} ${change.path}`);
              if (!mutation) {
                group.push(notSyncable(change));
                continue;
              }
              try {
                const outcome = await sequence.apply(
                  { method: change.method, path: change.path, raw: change.body, seq: keys[i]!.seq },
                  mutation,
                );
                group.push({ key: change.key, ...outcome });
              } catch (error) {
                const result = failureResult(change.key, error, log, change.path);
                group.push(result);
                if (mustStop(result.status, error)) {
                  stopped = true;
                  break;
                }
              }
            }
            await sequence.save();
          }),
        );
        results.push(...group);
      } catch (error) {
        // nothing of this group was kept (the lock was refused, or the commit failed)
        const change = changes[first]!;
        results.push(failureResult(change.key, error, log, change.path));
        stopped = true;
      }
    }
    return c.json({ results, stopped });
  });
}
