import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { PlanIntentInput, PlanIntentReceipt } from '../../../../server/contracts/public';

/** Records the plan chosen on /payment (nothing is charged). */
export function useChoosePlan() {
  return useMutation({
    mutationFn: (input: PlanIntentInput) =>
      api.post('/api/public/plan-intents', { json: input }).json<PlanIntentReceipt>(),
    meta: { silent: true },
  });
}
