// Who may write a shared board or calendar: every write the API offers (alone, and as an op of
// the offline queue's batch) answers 403 to a viewer and 404 to an outsider and changes
// nothing; an editor's goes through. The offline queue's exactly-once key is kept per user,
// so two members whose devices use the same client id and sequence numbers never collide.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { json, team, type Account } from '../live/testing/accounts.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let t: Awaited<ReturnType<typeof team>>;
let ids: { column: string; card: string; event: string; conflict: string };

beforeAll(async () => {
  server = await createTestServer();
  t = await team(server);
  const column = crypto.randomUUID();
  const card = crypto.randomUUID();
  const event = crypto.randomUUID();
  const post = (path: string, body: unknown) =>
    server.call('POST', path, { token: t.owner.token, body });
  await post('/api/kanban/columns/new', { id: column, boardId: t.boardId, name: 'Todo' });
  await post('/api/kanban/cards/new', { columnId: column, card: { id: card, name: 'Card' } });
  await post('/api/calendar/events/new', {
    id: event,
    calendarId: t.calendarId,
    title: 'Meet',
    start: '2030-01-01T10:00:00Z',
    end: '2030-01-01T11:00:00Z',
  });
  ids = { column, card, event, conflict: crypto.randomUUID() };
});
afterAll(() => server.close());

/** Every write on the shared board and calendar, with a body naming what it changes. */
function writes(): [string, unknown][] {
  const { column, card, event, conflict } = ids;
  return [
    ['/api/kanban/columns/new', { boardId: t.boardId, name: 'X' }],
    ['/api/kanban/columns/update', { columnId: column, column: { name: 'X' } }],
    ['/api/kanban/columns/move', { columnId: column, index: 0 }],
    ['/api/kanban/columns/clear', { columnId: column }],
    ['/api/kanban/columns/delete', { columnId: column }],
    ['/api/kanban/cards/new', { columnId: column, card: { name: 'X' } }],
    ['/api/kanban/cards/update', { cardId: card, card: { name: 'X' } }],
    ['/api/kanban/cards/move', { cardId: card, columnId: column, index: 0 }],
    ['/api/kanban/cards/resolve', { cardId: card, conflictId: conflict, keep: 'yours' }],
    ['/api/kanban/cards/delete', { cardId: card }],
    [
      '/api/calendar/events/new',
      {
        calendarId: t.calendarId,
        title: 'X',
        start: '2030-01-02T10:00:00Z',
        end: '2030-01-02T11:00:00Z',
      },
    ],
    ['/api/calendar/events/update', { eventId: event, event: { title: 'X' } }],
    ['/api/calendar/events/delete', { eventId: event }],
  ];
}

async function snapshot() {
  const board = await server.call('GET', `/api/kanban/boards/${t.boardId}`, {
    token: t.owner.token,
  });
  const events = await server.call('GET', '/api/calendar/events', { token: t.owner.token });
  const b = ((await board.json()) as { board: Record<string, unknown> }).board;
  return {
    board: { ...b, cursor: 0 },
    events: ((await events.json()) as { events: unknown[] }).events,
  };
}

describe('writes on a shared board and calendar', () => {
  it.each([
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('answer %s %i alone and in a batch, and change nothing', async (who, status) => {
    const account: Account = t[who];
    const before = await snapshot();
    for (const [path, body] of writes()) {
      const alone = await server.call('POST', path, { token: account.token, body });
      expect(alone.status, path).toBe(status);
    }
    const clientId = crypto.randomUUID();
    const changes = writes().map(([path, body], i) => ({
      key: `${clientId}:${i + 1}`,
      method: 'POST',
      path,
      body: JSON.stringify(body),
    }));
    const batch = await json<{ results: { status: number }[]; stopped: boolean }>(
      await server.call('POST', '/api/sync/batch', { token: account.token, body: { changes } }),
    );
    expect(batch.body.stopped).toBe(false);
    expect(batch.body.results.map((r) => r.status)).toEqual(changes.map(() => status));
    expect(await snapshot()).toEqual(before);
  });

  it('go through for an editor', async () => {
    const results: number[] = [];
    for (const [path, body] of writes()) {
      const res = await server.call('POST', path, { token: t.editor.token, body });
      results.push(res.status);
    }
    // in this order the column is cleared and deleted first: the card writes after it find
    // no column or card (404; a delete of what is gone succeeds), the calendar's all succeed
    expect(results).toEqual([201, 200, 200, 200, 200, 404, 404, 404, 404, 200, 201, 200, 200]);
  });
});

describe('exactly once per member', () => {
  it('keeps two members’ identical client ids and sequences apart', async () => {
    const { owner, editor, boardId } = await team(server);
    const clientId = 'same-device-name';
    const change = (name: string, seq: number) => ({
      key: `${clientId}:${seq}`,
      method: 'POST',
      path: '/api/kanban/columns/new',
      body: JSON.stringify({ boardId, name }),
    });
    for (const [who, name] of [
      [owner, 'from owner'],
      [editor, 'from editor'],
    ] as const) {
      const first = await json<{ results: { status: number; replayed: boolean }[] }>(
        await server.call('POST', '/api/sync/batch', {
          token: who.token,
          body: { changes: [change(name, 1), change(`${name} 2`, 2)] },
        }),
      );
      expect(first.body.results.map((r) => [r.status, r.replayed])).toEqual([
        [201, false],
        [201, false],
      ]);
      const again = await json<{ results: { status: number; replayed: boolean }[] }>(
        await server.call('POST', '/api/sync/batch', {
          token: who.token,
          body: { changes: [change(name, 1), change(`${name} 2`, 2)] },
        }),
      );
      expect(again.body.results.map((r) => r.replayed)).toEqual([true, true]);
    }
    const board = await json<{ board: { columns: Record<string, { name: string }> } }>(
      await server.call('GET', `/api/kanban/boards/${boardId}`, { token: owner.token }),
    );
    expect(
      Object.values(board.body.board.columns)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['from editor', 'from editor 2', 'from owner', 'from owner 2']);
  });
});
