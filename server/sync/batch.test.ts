// POST /api/sync/batch against the single-change calls: the same database however often a batch
// is replayed, and for a gap, a reused key and a refused change the same answers as the changes
// sent alone; a stopped batch leaves the rest out; only sync-able calls run; bad batches are
// 400s naming the field; another user's token reaches nothing of this client.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { syncableMutations } from './registry.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Change = [path: string, body: unknown];
interface Result {
  key: string;
  status: number;
  body: { error?: string; fields?: Record<string, string> } & Record<string, unknown>;
  replayed: boolean;
}

const keyed = (clientId: string, changes: Change[], firstSeq = 1) =>
  changes.map(([path, body], i) => ({
    key: `${clientId}:${firstSeq + i}`,
    method: 'POST',
    path,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }));

async function sendBatch(token: string, changes: ReturnType<typeof keyed>) {
  const res = await server.call('POST', '/api/sync/batch', { token, body: { changes } });
  return {
    status: res.status,
    json: (await res.json()) as { results: Result[]; stopped: boolean },
  };
}

async function sendAlone(token: string, change: ReturnType<typeof keyed>[number]) {
  const res = await server.call('POST', change.path, {
    token,
    body: change.body,
    headers: { 'Idempotency-Key': change.key },
  });
  return { status: res.status, body: (await res.json()) as Result['body'] };
}

async function snapshot(token: string) {
  const board = (await (await server.call('GET', '/api/kanban/board', { token })).json()) as {
    board: { cards: Record<string, Record<string, unknown>>; columnOrder: string[] };
  };
  for (const card of Object.values(board.board.cards)) {
    delete card.updatedAt;
    delete card.createdAt;
  }
  const events = (await (await server.call('GET', '/api/calendar/events', { token })).json()) as {
    events: Record<string, unknown>[];
  };
  for (const event of events.events) delete event.updatedAt;
  return { board: board.board, events: events.events };
}

function workday(): Change[] {
  const [todo, done, write, read, train] = Array.from({ length: 5 }, () => crypto.randomUUID());
  return [
    ['/api/kanban/columns/new', { id: todo, name: 'To do' }],
    ['/api/kanban/columns/new', { id: done, name: 'Done' }],
    ['/api/kanban/cards/new', { columnId: todo, card: { id: write, name: 'Write' } }],
    ['/api/kanban/cards/new', { columnId: todo, card: { id: read, name: 'Read' }, index: 0 }],
    ['/api/kanban/cards/move', { cardId: write, columnId: done, index: 0 }],
    ['/api/sync/skip', {}],
    ['/api/kanban/cards/update', { cardId: read, card: { completed: true } }],
    ['/api/kanban/columns/move', { columnId: done, index: 0 }],
    [
      '/api/calendar/events/new',
      { id: train, title: 'Train', start: '2026-05-01T09:00:00Z', end: '2026-05-01T10:00:00Z' },
    ],
    ['/api/calendar/events/update', { eventId: train, event: { title: 'Train home' } }],
  ];
}

const BACKWARDS = {
  title: 'Backwards',
  start: '2026-05-02T10:00:00Z',
  end: '2026-05-02T09:00:00Z',
};

describe('POST /api/sync/batch', () => {
  it('gives the same database applied once, twice and ten times, and replays single calls', async () => {
    const { token } = await server.createUser();
    const changes = keyed(crypto.randomUUID(), workday());
    // the first three were sent alone before the connection dropped
    for (const change of changes.slice(0, 3)) {
      expect((await sendAlone(token, change)).status).toBe(201);
    }
    const first = await sendBatch(token, changes);
    expect(first.status).toBe(200);
    expect(first.json.stopped).toBe(false);
    expect(first.json.results.map((r) => r.replayed)).toEqual(changes.map((_, i) => i < 3));
    expect(first.json.results.every((r) => r.status < 300)).toBe(true);
    const after1 = await snapshot(token);
    expect(Object.keys(after1.board.cards)).toHaveLength(2);
    expect(after1.events).toHaveLength(1);

    for (let round = 0; round < 10; round += 1) {
      const again = await sendBatch(token, changes);
      expect(again.json.results.every((r) => r.replayed)).toBe(true);
      expect(again.json.results).toEqual(first.json.results.map((r) => ({ ...r, replayed: true })));
      if (round === 0) expect(await snapshot(token)).toEqual(after1);
    }
    expect(await snapshot(token)).toEqual(after1);
  });

  it('answers a refused change, a reused key and a gap as the single calls do', async () => {
    const [alone, batched] = [await server.createUser(), await server.createUser()];
    const script = (clientId: string) => {
      const changes = keyed(clientId, [
        ['/api/kanban/columns/new', { name: 'First' }],
        ['/api/calendar/events/new', BACKWARDS],
        ['/api/kanban/columns/new', { name: 'Third' }],
        ['/api/kanban/columns/new', { name: 'Fourth' }],
      ]);
      // change 4 goes missing: 5 is a gap
      return [...changes.slice(0, 3), { ...changes[3]!, key: `${clientId}:5` }];
    };
    const clientId = crypto.randomUUID();
    const reused = keyed(clientId, [['/api/kanban/columns/new', { name: 'Other' }]])[0]!;

    const singles = [];
    for (const change of script(clientId)) singles.push(await sendAlone(alone.token, change));
    singles.push(await sendAlone(alone.token, reused));

    const batch = await sendBatch(batched.token, script(clientId));
    const reusedInBatch = await sendBatch(batched.token, [reused]);

    expect(singles.map((s) => s.status)).toEqual([201, 400, 201, 409, 422]);
    const results = [...batch.json.results, ...reusedInBatch.json.results];
    expect(results.map((r) => r.status)).toEqual(singles.map((s) => s.status));
    for (const i of [1, 3, 4]) expect(results[i]!.body).toEqual(singles[i]!.body);
    expect(results[1]!.body.fields?.end).toMatch(/before/);
    expect(results[3]!.body.fields).toEqual({ 'Idempotency-Key': 'Expected sequence 4.' });
    expect(batch.json.stopped).toBe(true);
    expect(reusedInBatch.json.stopped).toBe(false);
    const names = (s: Awaited<ReturnType<typeof snapshot>>) => s.board.columnOrder.length;
    expect(names(await snapshot(batched.token))).toBe(names(await snapshot(alone.token)));
  });

  it('leaves out and does not apply the changes after the one that stopped it', async () => {
    const { token } = await server.createUser();
    const clientId = crypto.randomUUID();
    const [one, , three, four] = keyed(clientId, [
      ['/api/kanban/columns/new', { name: 'One' }],
      ['/api/kanban/columns/new', { name: 'Two' }],
      ['/api/kanban/columns/new', { name: 'Three' }],
      ['/api/kanban/columns/new', { name: 'Four' }],
    ]);
    const { json } = await sendBatch(token, [one!, three!, four!]);
    expect(json.stopped).toBe(true);
    expect(json.results.map((r) => [r.key, r.status])).toEqual([
      [one!.key, 201],
      [three!.key, 409],
    ]);
    expect((await snapshot(token)).board.columnOrder).toHaveLength(1);
  });

  it('refuses a call that is not sync-able and never runs it', async () => {
    const { token, user } = await server.createUser();
    const clientId = crypto.randomUUID();
    const changes = keyed(clientId, [
      ['/api/v1/user/logout-all', {}],
      ['/api/v1/user/login', { email: user.email, password: 'x' }],
      ['/api/sync/batch', { changes: [] }],
    ]);
    changes.push({ ...keyed(clientId, [['/api/kanban/board', {}]], 4)[0]!, method: 'GET' });
    const { json } = await sendBatch(token, changes);
    expect(json.results).toHaveLength(4);
    for (const result of json.results) {
      expect(result.status).toBe(400);
      expect(result.body.error).toBe('Not a sync-able call.');
      expect(result.body.fields).toHaveProperty('path');
    }
    // logout-all did not run: the token still works, and no sequence was spent
    const state = await server.call('GET', `/api/sync/state?clientId=${clientId}`, { token });
    expect(state.status).toBe(200);
    expect(await state.json()).toEqual({ clientId, lastSeq: 0 });
  });

  it('accepts exactly the calls that run through the idempotency store', () => {
    expect([...syncableMutations(server.app).keys()].sort()).toEqual(
      [
        'POST /api/addresses/delete',
        'POST /api/addresses/new',
        'POST /api/addresses/update',
        'POST /api/calendar/events/delete',
        'POST /api/calendar/events/new',
        'POST /api/calendar/events/update',
        'POST /api/calendars/settings',
        'POST /api/cart/billing',
        'POST /api/cart/delivery',
        'POST /api/cart/items/add',
        'POST /api/cart/items/decrease',
        'POST /api/cart/items/delete',
        'POST /api/cart/items/increase',
        'POST /api/cart/reset',
        'POST /api/chat/conversation/mark-as-seen',
        'POST /api/kanban/cards/delete',
        'POST /api/kanban/cards/move',
        'POST /api/kanban/cards/new',
        'POST /api/kanban/cards/resolve',
        'POST /api/kanban/cards/update',
        'POST /api/kanban/columns/clear',
        'POST /api/kanban/columns/delete',
        'POST /api/kanban/columns/move',
        'POST /api/kanban/columns/new',
        'POST /api/kanban/columns/update',
        'POST /api/sync/skip',
      ].sort(),
    );
  });

  it('refuses malformed batches with 400 naming the field', async () => {
    const { token } = await server.createUser();
    const clientId = crypto.randomUUID();
    const column: Change = ['/api/kanban/columns/new', { name: 'x' }];
    const cases: [unknown, string][] = [
      [
        {
          changes: keyed(
            clientId,
            Array.from({ length: 101 }, () => column),
          ),
        },
        'changes',
      ],
      [{ changes: [] }, 'changes'],
      [{}, 'changes'],
      [
        { changes: [...keyed(clientId, [column]), ...keyed(crypto.randomUUID(), [column], 2)] },
        'changes',
      ],
      [{ changes: keyed(clientId, [column, column], 3).reverse() }, 'changes'],
      [{ changes: [{ ...keyed(clientId, [column])[0]!, key: 'nope' }] }, 'changes.0.key'],
      [{ changes: [{ ...keyed(clientId, [column])[0]!, body: { name: 'x' } }] }, 'changes.0.body'],
    ];
    for (const [body, field] of cases) {
      const res = await server.call('POST', '/api/sync/batch', { token, body });
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { fields: object }).fields, field).toHaveProperty([field]);
    }
    const state = await server.call('GET', `/api/sync/state?clientId=${clientId}`, { token });
    expect(await state.json()).toEqual({ clientId, lastSeq: 0 });
    const anonymous = await server.call('POST', '/api/sync/batch', {
      body: { changes: keyed(clientId, [column]) },
    });
    expect(anonymous.status).toBe(401);
  });

  it("gives another user's token nothing of a client's stored answers", async () => {
    const [owner, other] = [await server.createUser(), await server.createUser()];
    const clientId = crypto.randomUUID();
    const columnId = crypto.randomUUID();
    const changes = keyed(clientId, [['/api/kanban/columns/new', { id: columnId, name: 'Mine' }]]);
    const mine = await sendBatch(owner.token, changes);
    expect(mine.json.results[0]!.status).toBe(201);

    const theirs = await sendBatch(other.token, changes);
    expect(theirs.json.results[0]).toMatchObject({ status: 409, replayed: false });
    expect(JSON.stringify(theirs.json.results[0]!.body)).not.toContain('Mine');
    expect((await snapshot(other.token)).board.columnOrder).toEqual([]);
    expect((await snapshot(owner.token)).board.columnOrder).toEqual([columnId]);
    const again = await sendBatch(owner.token, changes);
    expect(again.json.results[0]).toEqual({ ...mine.json.results[0], replayed: true });
  });
});
