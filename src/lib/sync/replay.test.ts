import 'fake-indexeddb/auto';

import { beforeEach, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '../db';
import { enqueueChange, discardChange } from './outbox';
import { replayOutbox, type ReplayDeps } from './replay';

interface Sent {
  path: string;
  key: string;
  body: string;
}

function fakeServer(answers: (number | 'network')[] = []) {
  const sent: Sent[] = [];
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      path: input instanceof Request ? input.url : input.toString(),
      key: headers.get('Idempotency-Key') ?? '',
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const next = answers.shift() ?? 200;
    if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(next < 300 ? { ok: true } : { error: `status ${next}` }), {
        status: next,
      }),
    );
  }) as typeof fetch;
  return { sent, fetchFn };
}

let token = 'token-1';
let clock = 1_000_000;
function deps(fetchFn: typeof fetch): ReplayDeps {
  return { fetch: fetchFn, url: (p) => p, token: () => token, now: () => clock, random: () => 0.5 };
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
async function queueThree() {
  for (const n of [1, 2, 3]) {
    await enqueueChange({
      op: 'event.create',
      body: {
        id: id(n),
        title: `E${n}`,
        description: '',
        color: 'blue',
        allDay: false,
        start: '2026-05-01T09:00:00.000Z',
        end: '2026-05-01T10:00:00.000Z',
      },
    });
  }
}

beforeEach(async () => {
  await wipeUserData();
  token = 'token-1';
  clock = 1_000_000;
});

describe('replaying the outbox', () => {
  it('sends every change once, in order, with clientId:seq keys, and empties the queue', async () => {
    await queueThree();
    const { clientId } = (await db.meta.get('syncClient'))!.value as { clientId: string };
    const server = fakeServer();
    const report = await replayOutbox(deps(server.fetchFn));
    expect(report).toMatchObject({ outcome: 'empty', delivered: 3, rejected: 0 });
    expect(server.sent.map((s) => s.key)).toEqual([
      `${clientId}:1`,
      `${clientId}:2`,
      `${clientId}:3`,
    ]);
    expect(server.sent.every((s) => s.path === '/api/calendar/events/new')).toBe(true);
    expect(JSON.parse(server.sent[0]!.body)).toMatchObject({ id: id(1), title: 'E1' });
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([503, 500, 429, 'network'] as const)(
    'keeps the change on %s, backs off, and does not send later ones out of order',
    async (failure) => {
      await queueThree();
      const server = fakeServer([200, failure]);
      const report = await replayOutbox(deps(server.fetchFn));
      expect(report).toMatchObject({ outcome: 'waiting', delivered: 1 });
      expect(server.sent).toHaveLength(2);
      const head = (await db.outbox.orderBy('seq').first())!;
      expect(head).toMatchObject({ seq: 2, attempts: 1, status: 'queued' });
      expect(head.nextAttemptAt).toBe(clock + 750);
      // before the backoff has passed nothing is sent
      await replayOutbox(deps(server.fetchFn));
      expect(server.sent).toHaveLength(2);
      clock += 1000;
      const after = await replayOutbox(deps(server.fetchFn));
      expect(after).toMatchObject({ outcome: 'empty', delivered: 2 });
      expect(server.sent.map((s) => s.key.split(':')[1])).toEqual(['1', '2', '2', '3']);
    },
  );

  it('pauses on 401 until a new token appears', async () => {
    await queueThree();
    const server = fakeServer([401]);
    expect((await replayOutbox(deps(server.fetchFn))).outcome).toBe('paused');
    expect((await replayOutbox(deps(server.fetchFn))).outcome).toBe('paused');
    expect(server.sent).toHaveLength(1);
    expect(await db.outbox.count()).toBe(3);
    token = 'token-2';
    expect(await replayOutbox(deps(server.fetchFn))).toMatchObject({
      outcome: 'empty',
      delivered: 3,
    });
  });

  it('rejects on other 4xx, keeps the change listed with the reason, and moves on', async () => {
    await queueThree();
    const server = fakeServer([200, 400, 200]);
    const report = await replayOutbox(deps(server.fetchFn));
    expect(report).toMatchObject({ outcome: 'empty', delivered: 2, rejected: 1 });
    const rows = await db.outbox.toArray();
    expect(rows).toEqual([
      expect.objectContaining({ seq: 2, status: 'rejected', httpStatus: 400, error: 'status 400' }),
    ]);
  });

  it('sends a discarded change as a skip so the server sees no gap', async () => {
    await queueThree();
    await discardChange(2);
    const server = fakeServer();
    await replayOutbox(deps(server.fetchFn));
    expect(server.sent.map((s) => s.path)).toEqual([
      '/api/calendar/events/new',
      '/api/sync/skip',
      '/api/calendar/events/new',
    ]);
  });

  it('does nothing without a token', async () => {
    await queueThree();
    token = '';
    const server = fakeServer();
    expect((await replayOutbox(deps(server.fetchFn))).outcome).toBe('paused');
    expect(server.sent).toHaveLength(0);
  });
});
