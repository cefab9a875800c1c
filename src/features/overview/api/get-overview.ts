// The home's counts, counted by the server, and the catalogue's latest premieres. The answer is kept in the persisted query cache,
// so the home shows the last known figures offline; before any answer, the device's mirror.
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { Overview } from '../../../../server/contracts/overview';

export const overviewQuery = queryOptions({
  queryKey: ['overview'],
  queryFn: ({ signal }) => api.get('/api/overview', { signal }).json<Overview>(),
  staleTime: 30_000,
  // the page falls back to the device's counts and says it is offline: no error toast
  meta: { silent: true },
});
