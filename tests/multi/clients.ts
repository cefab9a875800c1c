// What the two-process run talks to the servers with: JSON calls with a bearer token, and the
// live stream read the way the PWA reads it (src/lib/live/stream.ts: fetch GET /api/live with
// the bearer header, `Accept: text/event-stream`, server-sent events).
import type { RunningServer } from '../e2e/support.ts';

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

export async function call(
  server: RunningServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

export interface StreamEvent {
  event: string;
  id?: string;
  data: string;
}

export interface LiveStream {
  events: StreamEvent[];
  /** Resolves with the first event (already received or to come) that `match` accepts. */
  waitFor: (match: (e: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  close: () => void;
}

function parseEvents(text: string): { events: StreamEvent[]; rest: string } {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.map((block) => {
    const event: StreamEvent = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const field = line.slice(0, colon);
      const value = line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') data.push(value);
    }
    event.data = data.join('\n');
    return event;
  });
  return { events, rest };
}

/** Opens GET /api/live (docs/live.md), resuming from `cursor` when given. */
export function openLive(server: RunningServer, token: string, cursor?: string) {
  return openStream(server, token, '/api/live', 'live', cursor ? { 'Last-Event-ID': cursor } : {});
}

async function openStream(
  server: RunningServer,
  token: string,
  path: string,
  topics: string,
  headers: Record<string, string> = {},
): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const parsed = parseEvents(buffer + value);
        buffer = parsed.rest;
        events.push(...parsed.events);
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  const waitFor = (match: (e: StreamEvent) => boolean, timeoutMs = 5000) =>
    new Promise<StreamEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (!found) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching ${topics} event within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  await waitFor((e) => e.event === 'ready', 10_000);
  return { events, waitFor, close: () => controller.abort() };
}
