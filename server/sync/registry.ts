// Which calls the sync queue may send, alone or in a batch. A route declares an idempotent
// mutation with `mutationPost(router, path, mutation)`: that is the only way to use
// `runMutation`, and it marks the handler. `syncableMutations(app)` reads the mounted app's
// route table and keeps the marked handlers under their full method and path, so the set the
// batch accepts is exactly the set of routes that run through the idempotency store, mounted
// where they are — a path not in it (sign-in, user admin, a GET, the batch itself) is never
// executed by a batch. Only fixed paths are supported (no `:param` segments).
import type { Hono } from 'hono';

import type { AppEnv } from '../context.ts';
import { runMutation, type Mutation } from './idempotency.ts';

const MUTATION = Symbol('sync mutation');

type MarkedHandler = ((...args: never[]) => unknown) & { [MUTATION]?: Mutation };

/** Declares `POST path` on `router` as an idempotent, sync-able mutation. */
export function mutationPost(router: Hono<AppEnv>, path: string, mutation: Mutation) {
  const handler = Object.assign(
    (c: Parameters<typeof runMutation>[0]) => runMutation(c, mutation),
    { [MUTATION]: mutation },
  );
  router.post(path, handler);
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
