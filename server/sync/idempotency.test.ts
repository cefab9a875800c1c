// The exactly-once contract of the sync queue, end to end through real routes: a batch of
// queued changes replayed once, twice and ten times leaves the same database; a gap is a 409
// that applies nothing; a reused key with a different body is a 422; a 4xx refusal is stored
// so the queue moves on.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  ({ token } = await server.createUser());
});
afterAll(() => server.close());

function send(clientId: string, seq: number, path: string, body: unknown, as = token) {
  return server.call('POST', path, {
    token: as,
    body,
    headers: { 'Idempotency-Key': `${clientId}:${seq}` },
  });
}

async function snapshot(as = token) {
  const board = (await (await server.call('GET', '/api/kanban/board', { token: as })).json()) as {
    board: {
      cards: Record<string, { updatedAt?: string; createdAt?: string }>;
      columns: Record<string, { name: string }>;
    };
  };
  for (const card of Object.values(board.board.cards)) {
    delete card.updatedAt;
    delete card.createdAt;
  }
  const events = (await (
    await server.call('GET', '/api/calendar/events', { token: as })
  ).json()) as {
    events: { updatedAt?: string }[];
  };
  for (const event of events.events) delete event.updatedAt;
  return { board: board.board, events: events.events };
}

function batch() {
  const col1 = crypto.randomUUID();
  const col2 = crypto.randomUUID();
  const card1 = crypto.randomUUID();
  const card2 = crypto.randomUUID();
  const event = crypto.randomUUID();
  return [
    ['/api/kanban/columns/new', { id: col1, name: 'To do' }],
    ['/api/kanban/columns/new', { id: col2, name: 'Done' }],
    ['/api/kanban/cards/new', { columnId: col1, card: { id: card1, name: 'Write' } }],
    ['/api/kanban/cards/new', { columnId: col1, card: { id: card2, name: 'Read' }, index: 0 }],
    ['/api/kanban/cards/move', { cardId: card1, columnId: col2, index: 0 }],
    ['/api/kanban/cards/update', { cardId: card2, card: { completed: true } }],
    ['/api/kanban/columns/move', { columnId: col2, index: 0 }],
    [
      '/api/calendar/events/new',
      { id: event, title: 'Train', start: '2026-05-01T09:00:00Z', end: '2026-05-01T10:00:00Z' },
    ],
    ['/api/calendar/events/update', { eventId: event, event: { title: 'Train home' } }],
  ] as const;
}

describe('replaying a batch of queued changes', () => {
  it('gives the same database once, twice and ten times', async () => {
    const changes = batch();
    const clientId = crypto.randomUUID();
    const first: unknown[] = [];
    for (const [i, [path, body]] of changes.entries()) {
      const res = await send(clientId, i + 1, path, body);
      expect(res.status).toBeLessThan(300);
      first.push(await res.json());
    }
    const after1 = await snapshot();
    expect(Object.keys(after1.board.cards)).toHaveLength(2);
    expect(after1.events).toHaveLength(1);

    for (let round = 0; round < 10; round += 1) {
      for (const [i, [path, body]] of changes.entries()) {
        const res = await send(clientId, i + 1, path, body);
        expect(res.headers.get('Idempotent-Replayed')).toBe('true');
        expect(await res.json()).toEqual(first[i]);
      }
      if (round === 0) expect(await snapshot()).toEqual(after1);
    }
    expect(await snapshot()).toEqual(after1);
  });

  it('refuses a gap with 409 and applies nothing', async () => {
    const clientId = crypto.randomUUID();
    const before = await snapshot();
    const res = await send(clientId, 2, '/api/kanban/columns/new', { name: 'Skipped ahead' });
    expect(res.status).toBe(409);
    expect(res.headers.get('X-Expected-Seq')).toBe('1');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a key reused for a different request with 422', async () => {
    const clientId = crypto.randomUUID();
    expect((await send(clientId, 1, '/api/kanban/columns/new', { name: 'A' })).status).toBe(201);
    const res = await send(clientId, 1, '/api/kanban/columns/new', { name: 'B' });
    expect(res.status).toBe(422);
    // the refusal names the field at fault, like every other 4xx (found by the API fuzz run)
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
      'Idempotency-Key': 'Already used for a different request.',
    });
    const board = await snapshot();
    expect(Object.values(board.board.columns).filter((c) => c.name === 'B')).toHaveLength(0);
  });

  it('stores a 4xx refusal so the queue moves on and a retry gets the same refusal', async () => {
    const clientId = crypto.randomUUID();
    const bad = { title: 'Backwards', start: '2026-05-02T10:00:00Z', end: '2026-05-02T09:00:00Z' };
    const first = await send(clientId, 1, '/api/calendar/events/new', bad);
    expect(first.status).toBe(400);
    expect(((await first.json()) as { fields: Record<string, string> }).fields.end).toMatch(
      /before/,
    );
    const again = await send(clientId, 1, '/api/calendar/events/new', bad);
    expect(again.status).toBe(400);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const next = await send(clientId, 2, '/api/kanban/columns/new', { name: 'Next' });
    expect(next.status).toBe(201);
  });

  it('lets a discarded change be skipped so no gap remains', async () => {
    const clientId = crypto.randomUUID();
    expect((await send(clientId, 1, '/api/sync/skip', {})).status).toBe(200);
    expect(
      (await send(clientId, 2, '/api/kanban/columns/new', { name: 'After skip' })).status,
    ).toBe(201);
    const state = await server.call('GET', `/api/sync/state?clientId=${clientId}`, { token });
    expect(await state.json()).toEqual({ clientId, lastSeq: 2 });
  });

  it('keeps sequences per user: another user with the same client id starts at 1', async () => {
    const other = await server.createUser();
    const clientId = crypto.randomUUID();
    expect((await send(clientId, 1, '/api/kanban/columns/new', { name: 'Mine' })).status).toBe(201);
    const res = await send(clientId, 1, '/api/kanban/columns/new', { name: 'Theirs' }, other.token);
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('rejects a malformed key with 400 naming the header', async () => {
    const res = await server.call('POST', '/api/kanban/columns/new', {
      token,
      body: { name: 'x' },
      headers: { 'Idempotency-Key': 'no-seq' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: object }).fields).toHaveProperty('Idempotency-Key');
  });
});
