import { queryOptions, useQuery } from '@tanstack/react-query';

import { env } from '@/config/env';
import { api } from '@/lib/api-client';

import type { PublicConfig } from '../../../../server/contracts/public';

export const publicConfigQuery = queryOptions({
  queryKey: ['public', 'config'],
  queryFn: ({ signal }) => api.get('/api/public/config', { signal }).json<PublicConfig>(),
  staleTime: 5 * 60 * 1000,
  meta: { silent: true },
});

/** The help address to show: the server's HELP_EMAIL once known, the build's until then (the
 *  prerendered page, or no server). */
export function useHelpEmail(): string {
  const { data } = useQuery(publicConfigQuery);
  return data?.helpEmail ?? env.HELP_EMAIL;
}
