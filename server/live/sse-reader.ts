// Reads a server-sent-events response as a person's tab would, for tests and benches: events in
// order ({ event, id, data }), `next(match)` waits for the first unseen one that matches, and
// `ended` resolves when the stream ends.
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

export function readSse(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffer = '';
  let waiter = null as (() => void) | null;
  let ended = false;
  let lastId: string | undefined;
  const finished = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('id:')) id = line.slice(3).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (id !== undefined) lastId = id;
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : text;
          } catch {
            // keep the text
          }
          events.push({ event, id, data: parsed });
          waiter?.();
        }
      }
    } catch {
      // cancelled
    }
    ended = true;
    waiter?.();
  })();
  let seen = 0;
  return {
    events,
    /** Resolves when the stream has ended (the server closed it, or `close`). */
    ended: finished,
    get lastId() {
      return lastId;
    },
    /** The next unseen event that matches (others are passed over); rejects after `ms`. */
    async next(match: (e: SseEvent) => boolean = () => true, ms = 5000): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        while (seen < events.length) {
          const e = events[seen]!;
          seen += 1;
          if (match(e)) return e;
        }
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching event in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter = null;
      }
    },
    /** Events received so far and not yet passed by `next`. */
    pending: () => events.slice(seen),
    close: () => reader.cancel().catch(() => undefined),
  };
}
