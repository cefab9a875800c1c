// Mail on the tab's live stream (docs/live.md): a `notice` for mail means a delivery; the
// labels and the open label are fetched again (bursts folded into one refresh). When the mail
// page is not open nothing is fetched: its queries refresh when it next mounts.
import { defineFeatureLive } from '@/lib/live/registry';
import { queryClient } from '@/lib/query-client';

let refresh: ReturnType<typeof setTimeout> | undefined;

export const mailLive = defineFeatureLive({
  name: 'mail',
  handlers: {
    notice: () => {
      clearTimeout(refresh);
      refresh = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['mail'] }), 150);
    },
  },
});
