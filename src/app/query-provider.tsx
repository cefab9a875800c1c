// TanStack Query for the layouts that fetch (dashboard, public pages). Not mounted by the
// sign-in pages, so their first load does not include the query library.
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';

import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE, queryClient, queryPersister } from '@/lib/query-client';

export function QueryProvider({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{ persister: queryPersister, buster: QUERY_CACHE_BUSTER, maxAge: QUERY_CACHE_MAX_AGE }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
