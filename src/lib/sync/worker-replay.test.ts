// The service worker's replay (sw/outbox-replay.ts) run against the outbox the page really
// writes (enqueueChange on Dexie over fake-indexeddb): it must read the same rows, send them in
// the same order with the same keys, and leave the queue as the page's replay would.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';

import { replayQueueFromWorker, type WorkerReplayDeps } from '../../../sw/outbox-replay';
import { db, wipeUserData } from '../db';
import { discardChange, enqueueChange } from './outbox';

interface Sent {
  url: string;
  key: string;
  auth: string;
  body: string;
}

function fakeServer(answers: (number | 'network')[] = []) {
  const sent: Sent[] = [];
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      url: input instanceof Request ? input.url : input.toString(),
      key: headers.get('Idempotency-Key') ?? '',
      auth: headers.get('Authorization') ?? '',
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const next = answers.shift() ?? 200;
    if (next === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(next < 300 ? {} : { error: `status ${next}` }), {
        status: next,
      }),
    );
  }) as typeof fetch;
  return { sent, fetchFn };
}

const clock = 5_000_000;
function deps(fetchFn: typeof fetch, extra: Partial<WorkerReplayDeps> = {}): WorkerReplayDeps {
  return {
    indexedDB,
    fetch: fetchFn,
    url: (p) => `https://api.example.test${p}`,
    now: () => clock,
    random: () => 0.5,
    ...extra,
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function queueChanges() {
  await enqueueChange({ op: 'column.create', body: { id: uuid(1), name: 'To do' } });
  await enqueueChange({
    op: 'card.create',
    body: {
      columnId: uuid(1),
      card: {
        id: uuid(2),
        name: 'Write the brief',
        description: '',
        assignees: [],
        priority: 'high',
        due: null,
        labels: [],
        checklist: [],
        completed: false,
      },
    },
  });
  await enqueueChange({ op: 'card.move', body: { cardId: uuid(2), columnId: uuid(1), index: 0 } });
  const { clientId } = (await db.meta.get('syncClient'))!.value as { clientId: string };
  return clientId;
}

beforeEach(async () => {
  await wipeUserData();
  await db.meta.put({ key: 'accessToken', value: 'token-w' });
});

describe('the service worker’s replay', () => {
  it('sends the page’s queued changes once, in order, with their keys, and empties the queue', async () => {
    const clientId = await queueChanges();
    const server = fakeServer();
    const report = await replayQueueFromWorker(deps(server.fetchFn));
    expect(report).toEqual({ outcome: 'empty', delivered: 3, rejected: 0 });
    expect(server.sent.map((s) => s.key)).toEqual([1, 2, 3].map((n) => `${clientId}:${n}`));
    expect(server.sent.map((s) => s.url)).toEqual([
      'https://api.example.test/api/kanban/columns/new',
      'https://api.example.test/api/kanban/cards/new',
      'https://api.example.test/api/kanban/cards/move',
    ]);
    expect(server.sent.every((s) => s.auth === 'Bearer token-w')).toBe(true);
    expect(JSON.parse(server.sent[1]!.body)).toMatchObject({ card: { id: uuid(2) } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('stops at a transient failure with the backoff recorded, then resumes at the same change', async () => {
    await queueChanges();
    const server = fakeServer([200, 503]);
    expect(await replayQueueFromWorker(deps(server.fetchFn))).toMatchObject({
      outcome: 'waiting',
      delivered: 1,
    });
    const head = (await db.outbox.orderBy('seq').first())!;
    expect(head).toMatchObject({ seq: 2, attempts: 1, status: 'queued', httpStatus: 503 });
    expect(head.nextAttemptAt).toBe(clock + 750);
    const again = fakeServer();
    expect(await replayQueueFromWorker(deps(again.fetchFn))).toMatchObject({ delivered: 2 });
    expect(again.sent.map((s) => s.key.split(':')[1])).toEqual(['2', '3']);
  });

  it('rejects a refused change (kept for the user) and moves on; sends a discarded one as a skip', async () => {
    await queueChanges();
    await discardChange(3);
    const server = fakeServer([200, 404]);
    expect(await replayQueueFromWorker(deps(server.fetchFn))).toEqual({
      outcome: 'empty',
      delivered: 2,
      rejected: 1,
    });
    expect(server.sent[2]!.url).toBe('https://api.example.test/api/sync/skip');
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ seq: 2, status: 'rejected', httpStatus: 404 }),
    ]);
  });

  it('pauses on 401 for that token, as the page does', async () => {
    await queueChanges();
    const server = fakeServer([401]);
    expect((await replayQueueFromWorker(deps(server.fetchFn))).outcome).toBe('paused');
    expect((await db.meta.get('syncPausedToken'))?.value).toBe('token-w');
    expect((await replayQueueFromWorker(deps(server.fetchFn))).outcome).toBe('paused');
    expect(server.sent).toHaveLength(1);
    expect(await db.outbox.count()).toBe(3);
  });

  it('does not replay while a tab holds the sync lock', async () => {
    await queueChanges();
    const server = fakeServer();
    const busyLocks: WorkerReplayDeps['locks'] = {
      request: (_name, _options, callback) => callback(null),
    };
    expect((await replayQueueFromWorker(deps(server.fetchFn, { locks: busyLocks }))).outcome).toBe(
      'busy',
    );
    expect(server.sent).toHaveLength(0);
  });

  it('never creates the database when the page has not', async () => {
    const server = fakeServer();
    const fresh = new IDBFactory();
    const report = await replayQueueFromWorker(deps(server.fetchFn, { indexedDB: fresh }));
    expect(report.outcome).toBe('no-database');
    expect(server.sent).toHaveLength(0);
    expect(await fresh.databases()).toEqual([]);
  });
});
