// What logout does to the query cache (logout "refetches cached data", docs/product-rules.md).
// Cached answers come in two kinds:
// - answers only the signed-in user may see (mail, chat, profile, favourites, the home's
//   counts, any REST or tRPC call that needs the token): removed, in memory and (by the caller)
//   in the persisted copy, so the next person at this device sees none of them;
// - answers a signed-out visitor may see too (the tRPC routers whose every procedure is
//   public: the catalogue): refetched without the token, so what stays cached is what a visitor
//   gets, not the members-only or private videos the user could see.
// Guarantee: after `refetchVisitorQueries` settles, no answer fetched with the user's token is
// left. A visitor answer that cannot be fetched again (offline, or restored from storage and
// never fetched in this page, so the cache has no fetcher for it) is removed too.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

import type { AppRouter } from '../../../server/trpc/root';

/** tRPC routers (server/trpc/root.ts) whose procedures are all `publicProcedure`. */
const VISITOR_ROUTERS: ReadonlySet<string> = new Set<keyof AppRouter['_def']['record']>([
  'catalogue',
]);

/** tRPC query keys are `[[router, procedure], { input, type }]`. */
export function isVisitorQuery(queryKey: QueryKey): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && typeof path[0] === 'string' && VISITOR_ROUTERS.has(path[0]);
}

const canRefetch = (query: Query) => typeof query.options.queryFn === 'function';

/** Removes every answer but the visitor ones that can be fetched again. */
export async function dropUserQueries(client: QueryClient): Promise<void> {
  await client.cancelQueries();
  const online = typeof navigator === 'undefined' || navigator.onLine;
  const cache = client.getQueryCache();
  for (const query of cache.getAll())
    if (!online || !isVisitorQuery(query.queryKey) || !canRefetch(query)) cache.remove(query);
}

/** Refetches the remaining (visitor) answers without the token; drops those that fail. */
export async function refetchVisitorQueries(client: QueryClient): Promise<void> {
  const since = Date.now();
  await client.invalidateQueries({
    predicate: (query) => isVisitorQuery(query.queryKey),
    refetchType: 'all',
  });
  const cache = client.getQueryCache();
  for (const query of cache.getAll()) if (query.state.dataUpdatedAt < since) cache.remove(query);
}
