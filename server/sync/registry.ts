// Which calls the sync queue may send, alone or in a batch. A route declares an idempotent
// mutation with `mutationPost(router, path, mutation)`: that is the only way to use
// `runMutation`, and it marks the handler. `syncableMutations(app)` reads the mounted app's
// route table and keeps the marked handlers under their full method and path, so the set the
// batch accepts is exactly the set of routes that run through the idempotency store, mounted
// where they are — a path not in it (sign-in, user admin, a GET, the batch itself) is never
// executed by a batch. Only fixed paths are supported (no `:param` segments).
//
// The route's declaration (openapi/route.ts) comes with it: the mutation gets its body already
// validated by `spec.body`, inside the queue, so a refusal is stored under its key like any
// other answer and the queue moves on.
import type { Hono } from 'hono';
import type { z } from 'zod';

import type { AppEnv } from '../context.ts';
import type { Transaction } from '../db/client.ts';
import { validate } from '../lib/errors.ts';
import { declare, idempotencyHeader, type RouteSpec } from '../openapi/route.ts';
import {
  runMutation,
  type Mutation,
  type MutationContext,
  type MutationResult,
} from './idempotency.ts';

const MUTATION = Symbol('sync mutation');

type MarkedHandler = ((...args: never[]) => unknown) & { [MUTATION]?: Mutation };

/** What a signed-in user's sync-able call is declared with: the access is always `user`. */
export type MutationSpec<B extends z.ZodType> = Omit<RouteSpec, 'access' | 'body'> & { body?: B };

/**
 * Declares `POST path` on `router` as an idempotent, sync-able mutation, described by `spec`
 * (its body schema validates what `apply` gets).
 */
export function mutationPost<B extends z.ZodType = z.ZodUnknown>(
  router: Hono<AppEnv>,
  path: string,
  spec: MutationSpec<B>,
  apply: (tx: Transaction, body: z.output<B>, ctx: MutationContext) => Promise<MutationResult>,
) {
  const mutation: Mutation = (tx, body, ctx) =>
    apply(tx, spec.body ? validate(spec.body, body) : (body as z.output<B>), ctx);
  const handler = Object.assign(
    (c: Parameters<typeof runMutation>[0]) => runMutation(c, mutation),
    { [MUTATION]: mutation },
  );
  router.post(path, declare(handler, { ...spec, access: 'user', headers: idempotencyHeader }));
}

/** `"POST /api/kanban/cards/new"` → its mutation, for every marked route mounted on `app`. */
export function syncableMutations(app: Hono<AppEnv>): Map<string, Mutation> {
  const found = new Map<string, Mutation>();
  for (const route of app.routes) {
    const mutation = (route.handler as MarkedHandler)[MUTATION];
    if (mutation) found.set(`${route.method} ${route.path}`, mutation);
  }
  return found;
}
