import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { LaunchSignupInput } from '../../../../server/contracts/public';

export function useJoinLaunchList() {
  return useMutation({
    mutationFn: (input: LaunchSignupInput) =>
      api.post('/api/public/notify', { json: input }).json<{ email: string; launchAt: string }>(),
    meta: { silent: true },
  });
}
