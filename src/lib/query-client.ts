// The one TanStack Query client. Failed queries and mutations surface once, here, as an error
// notification (the server's message, else 'Something went wrong'); cancelled requests are
// never shown. A query or mutation can opt out with `meta: { silent: true }` when its page
// shows the error itself (forms with field errors). The cache is persisted to localStorage
// with the sync storage persister so a reload (or an offline start) paints the last data.
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';

import { SUSPENSE_STALE_TIME_MS } from '@/config/env';
import { ApiRequestError, DEFAULT_ERROR_MESSAGE, getErrorMessage, isAbortError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function showRequestError(error: unknown) {
  if (isAbortError(error)) return;
  const message = getErrorMessage(error);
  notify.error(message === DEFAULT_ERROR_MESSAGE ? i18n.t('common.errors.generic') : message);
}

/** 4xx answers (except 408/429) will not change on retry. */
function shouldRetry(failureCount: number, error: unknown) {
  if (isAbortError(error)) return false;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500)
    return error.status === 408 || error.status === 429 ? failureCount < 2 : false;
  // tRPC errors carry the HTTP status in `data.httpStatus` (NOT_FOUND, BAD_REQUEST…)
  const trpcStatus = (error as { data?: { httpStatus?: unknown } | null } | null)?.data?.httpStatus;
  if (typeof trpcStatus === 'number' && trpcStatus >= 400 && trpcStatus < 500)
    return trpcStatus === 408 || trpcStatus === 429 ? failureCount < 2 : false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      // a background refetch that fails while data is shown is not worth an alert each time
      if (query.state.data !== undefined && query.state.fetchFailureCount > 1) return;
      showRequestError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silent) return;
      showRequestError(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: SUSPENSE_STALE_TIME_MS,
      gcTime: 24 * 60 * 60 * 1000,
      retry: shouldRetry,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

export const QUERY_CACHE_KEY = 'clipdeck-query-cache';

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
});

/** Bump when the shape of cached data changes, so old caches are dropped. */
export const QUERY_CACHE_BUSTER = 'v1';
export const QUERY_CACHE_MAX_AGE = 24 * 60 * 60 * 1000;

let persisting: Promise<void> | null = null;

/** Restores the persisted cache (once), then keeps it persisted: the app waits for this before
 *  its first render, so a page renders with the restored answers at once instead of rendering
 *  again when a restore running beside it ends. */
export function restoreQueryCache(): Promise<void> {
  persisting ??= persistQueryClient({
    queryClient,
    persister: queryPersister,
    buster: QUERY_CACHE_BUSTER,
    maxAge: QUERY_CACHE_MAX_AGE,
  })[1].catch(() => undefined);
  return persisting;
}
