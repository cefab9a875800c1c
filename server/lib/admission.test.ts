// The admission gate: a bounded number of requests at once, the others in arrival order, and
// a quick 503 with Retry-After for one that waited too long or found the queue full.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import type { AppEnv } from '../context.ts';
import { admissionGate, BUSY_MESSAGE } from './admission.ts';

/** `app.request`, always a promise */
const call = (app: Hono<AppEnv>, path: string) => Promise.resolve(app.request(path));

function slowApp(options: Parameters<typeof admissionGate>[0], workMs: number) {
  const gate = admissionGate(options);
  const app = new Hono<AppEnv>();
  const order: string[] = [];
  app.use('/api/*', gate);
  app.get('/api/work/:id', async (c) => {
    order.push(c.req.param('id'));
    await new Promise((r) => setTimeout(r, workMs));
    return c.json({ ok: true });
  });
  app.get('/api/files/tus/:id', (c) => c.json({ upload: true }));
  return { app, gate, order };
}

describe('admission gate', () => {
  it('runs a bounded number at once and the rest in arrival order', async () => {
    const { app, order, gate } = slowApp({ inFlight: 2, maxWaitMs: 5000, maxQueue: 100, retryAfterS: 5 }, 20);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(app, `/api/work/${i}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(order).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0, shed: 0 });
  });

  it('answers 503 with Retry-After to a request that waited too long, and lets the rest run', async () => {
    const { app, gate } = slowApp({ inFlight: 1, maxWaitMs: 30, maxQueue: 100, retryAfterS: 5 }, 100);
    const started = Date.now();
    const [first, second] = await Promise.all([call(app, '/api/work/a'), call(app, '/api/work/b')]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(503);
    expect(second.headers.get('Retry-After')).toBe('5');
    expect(await second.json()).toEqual({ error: BUSY_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, shed: 1 });
    expect((await app.request('/api/work/c')).status).toBe(200);
  });

  it('turns away at once what finds the queue full, and never queues an upload', async () => {
    const { app } = slowApp({ inFlight: 1, maxWaitMs: 5000, maxQueue: 1, retryAfterS: 5 }, 50);
    const running = call(app, '/api/work/a');
    const queued = call(app, '/api/work/b');
    const full = await app.request('/api/work/c');
    expect(full.status).toBe(503);
    expect((await app.request('/api/files/tus/abc')).status).toBe(200);
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
  });
});
