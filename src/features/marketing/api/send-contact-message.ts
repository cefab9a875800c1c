import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type { ContactInput, ContactReceipt } from '../../../../server/contracts/public';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => api.post('/api/public/contact', { json: input }).json<ContactReceipt>(),
    meta: { silent: true },
  });
}
