import type { ReactNode } from 'react';

import { isNotFoundError } from '@/lib/api-error';

import { ErrorState } from './error-state';

/** The part of a TanStack query result a list or panel needs to show its state. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** the designed loading state (a skeleton of what is coming) */
  loading: ReactNode;
  /** the empty state with its next action, shown when `isEmpty` says so */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  /** shown instead of the error state when what was asked for does not exist */
  notFound?: ReactNode;
  /** which errors mean "does not exist" (default: a REST 404 or a tRPC NOT_FOUND) */
  isNotFound?: (error: unknown) => boolean;
  /** keep showing data that came before a failed refetch (default: the error replaces it) */
  keepData?: boolean;
  /** the retry of the error state (default: refetch the query) */
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}

/**
 * One query's loading, error and empty states, in that order, then its data: the loading
 * state while nothing has arrived, the not-found state or an `ErrorState` with a retry when
 * the load failed, the empty state when the data has nothing to show.
 */
export function QueryState<T>({
  query,
  loading,
  empty,
  isEmpty,
  notFound,
  isNotFound = isNotFoundError,
  keepData = false,
  onRetry,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  const data = query.data;
  if (data === undefined || (query.isError && !keepData)) {
    if (notFound !== undefined && query.isError && isNotFound(query.error)) return <>{notFound}</>;
    return <ErrorState error={query.error} onRetry={onRetry ?? (() => void query.refetch())} />;
  }
  if (empty !== undefined && isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
