// The one tRPC client and its TanStack Query options proxy (docs/product-rules.md#calls),
// created once at module load, "without React context" as the tRPC docs set it up, so any
// component imports `trpc` and hands its options to TanStack's own hooks:
//     useQuery(trpc.catalogue.video.queryOptions({ videoId }))
//     useInfiniteQuery(trpc.catalogue.searchClips.infiniteQueryOptions(input, { getNextPageParam }))
// - posts to `/trpc` on the API base (VITE_API_URL, else same origin), like the REST client;
// - queries go by GET (cacheable, shareable), mutations by POST with JSON: `httpBatchLink`
//   without `methodOverride`; batches are split before a GET URL gets too long;
// - every request carries `Authorization: Bearer <accessToken>` read at send time, so a sign-in
//   or sign-out takes effect on the next call without rebuilding the client;
// - a 401 on a call that carried a token goes to the same handler as the REST client's.
// No transformer: dates travel as ISO strings (server/contracts/catalogue.ts says so).
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';

import { apiUrl, reportUnauthorized } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth/token-storage';
import { noteMaintenance } from '@/lib/maintenance';
import { queryClient } from '@/lib/query-client';

import type { AppRouter } from '../../server/trpc/root';

function trpcUrl(): string {
  const url = apiUrl('/trpc');
  return url.startsWith('/') && typeof window !== 'undefined'
    ? `${window.location.origin}${url}`
    : url;
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: trpcUrl(),
      maxURLLength: 2000,
      // the server refuses larger batches (server/trpc/init.ts MAX_BATCH_SIZE)
      maxItems: 10,
      headers() {
        const token = getAccessToken();
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
      async fetch(input, init) {
        const response = await fetch(input, init);
        const headers = new Headers(init?.headers);
        if (response.status === 401 && headers.has('Authorization')) reportUnauthorized();
        noteMaintenance(response);
        return response;
      },
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
