import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { KanbanBoard } from '../contracts/kanban.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function post(token: string, path: string, body: unknown) {
  return server.call('POST', `/api/kanban${path}`, { token, body });
}
async function board(token: string) {
  const res = await server.call('GET', '/api/kanban/board', { token });
  return ((await res.json()) as { board: KanbanBoard }).board;
}
const names = (b: KanbanBoard, columnId: string) =>
  b.columns[columnId]!.cardIds.map((id) => b.cards[id]!.name);

async function setup() {
  const { token } = await server.createUser();
  const a = crypto.randomUUID();
  const b = crypto.randomUUID();
  await post(token, '/columns/new', { id: a, name: 'A' });
  await post(token, '/columns/new', { id: b, name: 'B' });
  for (const name of ['1', '2', '3'])
    await post(token, '/cards/new', { columnId: a, card: { name } });
  return { token, a, b };
}

describe('kanban board', () => {
  it('returns the board shape for a new user: empty board', async () => {
    const { token } = await server.createUser();
    expect(await board(token)).toMatchObject({ cards: {}, columns: {}, columnOrder: [] });
  });

  it('creates columns and cards in order with every card field', async () => {
    const { token, a } = await setup();
    const id = crypto.randomUUID();
    const res = await post(token, '/cards/new', {
      columnId: a,
      index: 1,
      card: {
        id,
        name: 'Full',
        description: 'All fields',
        assignees: ['Sam'],
        priority: 'high',
        due: '2026-04-01T12:00:00Z',
        labels: ['ux'],
        checklist: [{ id: 'c1', text: 'First', done: true }],
        completed: false,
      },
    });
    expect(res.status).toBe(201);
    const b = await board(token);
    expect(names(b, a)).toEqual(['1', 'Full', '2', '3']);
    expect(b.cards[id]).toMatchObject({
      priority: 'high',
      assignees: ['Sam'],
      labels: ['ux'],
      due: '2026-04-01T12:00:00.000Z',
    });
  });

  it('moves cards within and between columns as intent, clamping the index', async () => {
    const { token, a, b } = await setup();
    let bd = await board(token);
    const [c1, c2, c3] = bd.columns[a]!.cardIds as [string, string, string];
    await post(token, '/cards/move', { cardId: c1, columnId: a, index: 2 });
    expect(names(await board(token), a)).toEqual(['2', '3', '1']);
    await post(token, '/cards/move', { cardId: c3, columnId: b, index: 99 });
    await post(token, '/cards/move', { cardId: c2, columnId: b, index: 0 });
    bd = await board(token);
    expect(names(bd, a)).toEqual(['1']);
    expect(names(bd, b)).toEqual(['2', '3']);
    expect(bd.cards[c2]!.columnId).toBe(b);
  });

  it('reorders, renames, clears and deletes columns (deleting removes its cards)', async () => {
    const { token, a, b } = await setup();
    const moved = await post(token, '/columns/move', { columnId: b, index: 0 });
    expect(await moved.json()).toEqual({ columnOrder: [b, a] });
    await post(token, '/columns/update', { columnId: a, column: { name: 'Renamed' } });
    const cleared = await post(token, '/columns/clear', { columnId: a });
    expect(((await cleared.json()) as { column: { cardIds: string[] } }).column.cardIds).toEqual(
      [],
    );
    await post(token, '/cards/new', { columnId: b, card: { name: 'x' } });
    await post(token, '/columns/delete', { columnId: b });
    const bd = await board(token);
    expect(bd.columnOrder).toEqual([a]);
    expect(bd.columns[a]!.name).toBe('Renamed');
    expect(Object.keys(bd.cards)).toHaveLength(0);
  });

  it('updates only the sent fields and deletes cards, closing the gap', async () => {
    const { token, a } = await setup();
    const [c1, c2] = (await board(token)).columns[a]!.cardIds as [string, string];
    await post(token, '/cards/update', {
      cardId: c2,
      card: { priority: 'high', description: 'Notes', assignees: ['Ana'] },
    });
    await post(token, '/cards/update', { cardId: c2, card: { completed: true, labels: ['done'] } });
    await post(token, '/cards/delete', { cardId: c1 });
    await post(token, '/cards/new', { columnId: a, card: { name: '4' }, index: 1 });
    const bd = await board(token);
    expect(names(bd, a)).toEqual(['2', '4', '3']);
    // the second update did not reset what the first one set
    expect(bd.cards[c2]).toMatchObject({
      name: '2',
      completed: true,
      labels: ['done'],
      priority: 'high',
      description: 'Notes',
      assignees: ['Ana'],
    });
  });

  it('refuses bad input naming the field', async () => {
    const { token, a } = await setup();
    const res = await post(token, '/cards/new', {
      columnId: a,
      card: { name: '', priority: 'urgent' },
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { fields: object };
    expect(json.fields).toHaveProperty(['card.name']);
    expect(json.fields).toHaveProperty(['card.priority']);
    expect((await post(token, '/columns/new', { name: 'x', index: -1 })).status).toBe(400);
    expect(
      (await post(token, '/cards/move', { cardId: 'nope', columnId: a, index: 0 })).status,
    ).toBe(400);
  });

  it('keeps users apart: B cannot see or change A’s columns and cards', async () => {
    const alice = await setup();
    const { token: bob } = await server.createUser();
    const bobCol = crypto.randomUUID();
    await post(bob, '/columns/new', { id: bobCol, name: 'Bob' });
    const [card] = (await board(alice.token)).columns[alice.a]!.cardIds as [string];
    expect((await board(bob)).columnOrder).toEqual([bobCol]);
    expect(
      (await post(bob, '/columns/update', { columnId: alice.a, column: { name: 'x' } })).status,
    ).toBe(404);
    expect((await post(bob, '/columns/clear', { columnId: alice.a })).status).toBe(404);
    expect((await post(bob, '/columns/move', { columnId: alice.a, index: 0 })).status).toBe(404);
    expect((await post(bob, '/columns/delete', { columnId: alice.a })).status).toBe(404);
    expect((await post(bob, '/cards/update', { cardId: card, card: { name: 'x' } })).status).toBe(
      404,
    );
    expect(
      (await post(bob, '/cards/move', { cardId: card, columnId: bobCol, index: 0 })).status,
    ).toBe(404);
    expect((await post(bob, '/cards/new', { columnId: alice.a, card: { name: 'x' } })).status).toBe(
      404,
    );
    expect(
      (await post(bob, '/cards/new', { columnId: bobCol, card: { id: card, name: 'x' } })).status,
    ).toBe(409);
    expect((await post(bob, '/cards/delete', { cardId: card })).status).toBe(404);
    const after = await board(alice.token);
    expect(names(after, alice.a)).toEqual(['1', '2', '3']);
    expect(after.columns[alice.a]!.name).toBe('A');
  });
});
