import type { ReactNode } from 'react';

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
  /** the retry of the error state (default: refetch the query) */
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}

/**
 * One query's loading, error and empty states, in that order, then its data: the loading
 * state while nothing has arrived, an `ErrorState` with a retry when the load failed, the
 * empty state when the data has nothing to show.
 */
export function QueryState<T>({ query, loading, empty, isEmpty, onRetry, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined)
    return <ErrorState error={query.error} onRetry={onRetry ?? (() => void query.refetch())} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
