// New mail reaches an open mail page without polling: the page listens to the realtime stream
// (topic "mail", read with fetch so the bearer header authenticates it) and refreshes the
// labels and the open label when a delivery is announced. It reconnects with backoff, sending
// the last event id so a delivery during the gap is still announced. (The chat feature reads
// the same stream for messages; features do not share code, hence this small reader.)
import { useEffect } from 'react';

import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

function eventsOf(buffer: string) {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events = blocks.map((block) => {
    const event = { event: 'message', id: undefined as string | undefined };
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith('event:')) event.event = line.slice(6).trim();
      else if (line.startsWith('id:')) event.id = line.slice(3).trim();
    }
    return event;
  });
  return { events, rest };
}

export function useMailStream(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    let lastId: string | null = null;
    let attempt = 0;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    const announce = () => {
      clearTimeout(refresh);
      refresh = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['mail'] }), 150);
    };
    async function run() {
      while (!controller.signal.aborted) {
        try {
          const response = await api.get('/api/chat/stream', {
            searchParams: lastId ? { topics: 'mail', after: lastId } : { topics: 'mail' },
            signal: controller.signal,
            timeout: false,
            headers: { Accept: 'text/event-stream' },
          });
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          attempt = 0;
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = eventsOf(buffer + value);
            buffer = parsed.rest;
            for (const event of parsed.events) {
              if (event.id) lastId = event.id;
              if (event.event === 'mail') announce();
            }
          }
        } catch {
          if (controller.signal.aborted) return;
        }
        attempt += 1;
        const wait =
          Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    void run();
    return () => {
      controller.abort();
      clearTimeout(refresh);
    };
  }, [userId]);
}
