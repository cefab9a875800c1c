// POST /api/sync/batch as the contract describes it (.tmp/BATCH-CONTRACT.md), scripted: each
// change takes the next answer (default 201), the batch stops after a change that must stop
// the queue (401, 429, 5xx, a 409 gap), and a whole request may fail first (network, 503…).
import { BATCH_PATH, type OutboxRequest } from '../protocol';

export type Answer = number | 'network';

export interface FakeBatchServer {
  fetch: typeof fetch;
  /** every change received, in order (re-sent ones again) */
  sent: OutboxRequest[];
  /** the number of changes of each batch request */
  batches: number[];
  /** the Authorization header of each request */
  auth: string[];
}

const stops = (status: number) => status === 401 || status === 409 || status === 429 || status >= 500;

export function fakeBatchServer(options: { answers?: Answer[]; requests?: Answer[] } = {}): FakeBatchServer {
  const answers = [...(options.answers ?? [])];
  const requests = [...(options.requests ?? [])];
  const server: FakeBatchServer = { sent: [], batches: [], auth: [], fetch: null as unknown as typeof fetch };
  server.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith(BATCH_PATH)) return Promise.resolve(new Response('{"error":"Not found"}', { status: 404 }));
    server.auth.push(new Headers(init?.headers).get('Authorization') ?? '');
    const { changes } = JSON.parse(init?.body as string) as { changes: OutboxRequest[] };
    server.batches.push(changes.length);
    const whole = requests.shift();
    if (whole === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (whole !== undefined)
      return Promise.resolve(Response.json({ error: `status ${whole}` }, { status: whole, headers: { 'Retry-After': '0' } }));
    const results = [];
    let stopped = false;
    for (const change of changes) {
      server.sent.push(change);
      const next = answers.shift() ?? 201;
      if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
      results.push({
        key: change.key,
        status: next,
        body: next < 300 ? { ok: true } : { error: `status ${next}` },
        replayed: false,
      });
      if (stops(next)) {
        stopped = true;
        break;
      }
    }
    return Promise.resolve(Response.json({ results, stopped }));
  });
  return server;
}
