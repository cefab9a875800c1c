// How concurrent and offline changes to a shared board merge (docs/live.md, Merges): fields are
// last-writer-wins in server order, and an offline edit that overwrote someone else's newer
// change keeps a conflict record until resolved; a move and an edit of one card both stay; an
// edit of a card deleted meanwhile restores it with a note; equal order keys are repaired; a
// move rewrites only the moved card's key.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { KanbanBoard, KanbanCard } from '../contracts/kanban.ts';
import { compareByRank } from '../contracts/live.ts';
import { kanbanCards } from '../db/schema/index.ts';
import { json, team, type Account } from '../live/testing/accounts.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let t: Awaited<ReturnType<typeof team>>;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const post = async (who: Account, path: string, body: unknown) =>
  json<{ card: KanbanCard } & Record<string, unknown>>(
    await server.call('POST', `/api/kanban${path}`, { token: who.token, body }),
  );
const board = async (who: Account = t.owner) =>
  (
    await json<{ board: Required<KanbanBoard> }>(
      await server.call('GET', `/api/kanban/boards/${t.boardId}`, { token: who.token }),
    )
  ).body.board;

async function setup(cards = ['Card']) {
  t = await team(server);
  const columns = [crypto.randomUUID(), crypto.randomUUID()];
  for (const [i, id] of columns.entries())
    await post(t.owner, '/columns/new', { id, boardId: t.boardId, name: `C${i}` });
  const ids: string[] = [];
  for (const name of cards) {
    const { body } = await post(t.owner, '/cards/new', { columnId: columns[0], card: { name } });
    ids.push(body.card.id);
  }
  return { columns, cards: ids };
}

describe('field merges', () => {
  it('keep a conflict record when a queued edit overwrites a newer change by someone else', async () => {
    const { cards } = await setup();
    const card = cards[0]!;
    const seen = (await board(t.editor)).cursor; // the editor's device goes offline here
    await post(t.owner, '/cards/update', { cardId: card, card: { name: 'Owner name' } });
    const late = await post(t.editor, '/cards/update', {
      cardId: card,
      card: { name: 'Editor name', description: 'untouched by others' },
      baseCursor: seen,
    });
    expect(late.status).toBe(200);
    expect(late.body.card.name).toBe('Editor name'); // server order: the later write wins
    const after = (await board(t.viewer)).cards[card]!;
    expect(after.conflicts).toHaveLength(1);
    expect(after.conflicts![0]).toMatchObject({
      field: 'name',
      yours: { value: 'Editor name', by: { id: t.editor.user.id, name: 'Eddie Editor' } },
      theirs: { value: 'Owner name', by: { id: t.owner.user.id, name: 'Olga Owner' } },
    });
  });

  it('keep no record when the writer had seen the change, or overwrote their own', async () => {
    const { cards } = await setup();
    const card = cards[0]!;
    await post(t.owner, '/cards/update', { cardId: card, card: { name: 'Owner name' } });
    const seen = (await board(t.editor)).cursor;
    await post(t.editor, '/cards/update', { cardId: card, card: { name: 'E1' }, baseCursor: seen });
    await post(t.editor, '/cards/update', { cardId: card, card: { name: 'E2' }, baseCursor: seen });
    expect((await board()).cards[card]).toMatchObject({ name: 'E2', conflicts: [] });
  });

  it('resolve in one call: theirs puts their value back, yours keeps the card’s', async () => {
    const { cards } = await setup(['a', 'b']);
    const seen = (await board(t.editor)).cursor;
    for (const card of cards) {
      await post(t.owner, '/cards/update', { cardId: card, card: { priority: 'high' } });
      await post(t.editor, '/cards/update', {
        cardId: card,
        card: { priority: 'low' },
        baseCursor: seen,
      });
    }
    const before = await board();
    const [a, b] = cards.map((id) => before.cards[id]!);
    const theirs = await post(t.editor, '/cards/resolve', {
      cardId: a!.id,
      conflictId: a!.conflicts![0]!.id,
      keep: 'theirs',
    });
    expect(theirs.body.card).toMatchObject({ priority: 'high', conflicts: [] });
    const yours = await post(t.owner, '/cards/resolve', {
      cardId: b!.id,
      conflictId: b!.conflicts![0]!.id,
      keep: 'yours',
    });
    expect(yours.body.card).toMatchObject({ priority: 'low', conflicts: [] });
    const again = await post(t.owner, '/cards/resolve', {
      cardId: b!.id,
      conflictId: b!.conflicts![0]!.id,
      keep: 'yours',
    });
    expect(again.status).toBe(404);
    const bad = await post(t.owner, '/cards/resolve', {
      cardId: b!.id,
      conflictId: 'x',
      keep: 'mine',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as unknown as { fields: object }).fields).sort()).toEqual([
      'conflictId',
      'keep',
    ]);
  });

  it('keep both a move by one member and an edit by another', async () => {
    const { columns, cards } = await setup(['a', 'b']);
    const card = cards[1]!;
    const seen = (await board(t.editor)).cursor;
    await post(t.owner, '/cards/move', { cardId: card, columnId: columns[1], index: 0 });
    await post(t.editor, '/cards/update', {
      cardId: card,
      card: { name: 'renamed offline' },
      baseCursor: seen,
    });
    const after = await board();
    expect(after.columns[columns[1]!]!.cardIds).toEqual([card]);
    expect(after.cards[card]).toMatchObject({ name: 'renamed offline', conflicts: [] });
  });
});

describe('delete against an offline edit', () => {
  it('restores the card with the edit and a note when the editor had not seen the delete', async () => {
    const { columns, cards } = await setup(['a', 'b']);
    const card = cards[0]!;
    const seen = (await board(t.editor)).cursor;
    expect((await post(t.owner, '/cards/delete', { cardId: card })).body).toEqual({
      cardId: card,
      deleted: true,
    });
    const restored = await post(t.editor, '/cards/update', {
      cardId: card,
      card: { name: 'edited offline' },
      baseCursor: seen,
    });
    expect(restored.status).toBe(200);
    const after = await board();
    expect(after.columns[columns[0]!]!.cardIds).toEqual([cards[1], card]);
    expect(after.cards[card]).toMatchObject({ name: 'edited offline' });
    expect(after.cards[card]!.conflicts).toMatchObject([
      { field: 'deleted', theirs: { value: null, by: { id: t.owner.user.id } } },
    ]);
    // resolving with theirs deletes it again
    const resolved = await post(t.editor, '/cards/resolve', {
      cardId: card,
      conflictId: after.cards[card]!.conflicts![0]!.id,
      keep: 'theirs',
    });
    expect(resolved.body).toEqual({ cardId: card, deleted: true });
    expect((await board()).cards[card]).toBeUndefined();
  });

  it('keeps a field conflict too when the restoring edit overwrote a change made before the delete', async () => {
    const { cards } = await setup();
    const card = cards[0]!;
    const seen = (await board(t.editor)).cursor;
    await post(t.owner, '/cards/update', { cardId: card, card: { name: 'Owner name' } });
    await post(t.owner, '/cards/delete', { cardId: card });
    await post(t.editor, '/cards/update', {
      cardId: card,
      card: { name: 'Editor name' },
      baseCursor: seen,
    });
    const restored = (await board()).cards[card]!;
    expect(restored.name).toBe('Editor name');
    expect(restored.conflicts!.map((r) => [r.field, r.theirs.value])).toEqual([
      ['name', 'Owner name'],
      ['deleted', null],
    ]);
  });

  it('answers 404 when the editor had seen the delete or sent no cursor', async () => {
    const { cards } = await setup();
    const card = cards[0]!;
    await post(t.owner, '/cards/delete', { cardId: card });
    const seen = (await board(t.editor)).cursor;
    for (const body of [
      { cardId: card, card: { name: 'x' }, baseCursor: seen },
      { cardId: card, card: { name: 'x' } },
    ])
      expect((await post(t.editor, '/cards/update', body)).status).toBe(404);
    expect((await board()).cards[card]).toBeUndefined();
  });
});

describe('order keys', () => {
  it('move a card by rewriting its key alone', async () => {
    const { columns, cards } = await setup(['a', 'b', 'c', 'd']);
    const before = await board();
    await post(t.editor, '/cards/move', { cardId: cards[3], columnId: columns[0], index: 1 });
    const after = await board();
    expect(after.columns[columns[0]!]!.cardIds).toEqual([cards[0], cards[3], cards[1], cards[2]]);
    for (const id of cards.slice(0, 3)) expect(after.cards[id]!.rank).toBe(before.cards[id]!.rank);
    const ordered = Object.values(after.cards)
      .sort(compareByRank)
      .map((c) => c.id);
    expect(ordered).toEqual(after.columns[columns[0]!]!.cardIds);
  });

  it('repairs equal keys: ties read in id order, then the later one gets a key of its own', async () => {
    const { columns, cards } = await setup(['a', 'b', 'c']);
    // two offline inserts that landed on one key (as an old client or a bad merge could leave)
    const db = server.deps.database.db;
    const same = (await board()).cards[cards[0]!]!.rank!;
    const { eq } = await import('drizzle-orm');
    await db.update(kanbanCards).set({ rank: same }).where(eq(kanbanCards.id, cards[1]!));
    const tied = [cards[0]!, cards[1]!].sort();
    expect((await board()).columns[columns[0]!]!.cardIds.slice(0, 2)).toEqual(tied);

    const added = await post(t.editor, '/cards/new', {
      columnId: columns[0],
      card: { name: 'between' },
      index: 1,
    });
    expect(added.status).toBe(201);
    const after = await board();
    const order = after.columns[columns[0]!]!.cardIds;
    expect(order).toEqual([tied[0], added.body.card.id, tied[1], cards[2]]);
    const ranks = order.map((id) => after.cards[id]!.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
    expect([...ranks].sort()).toEqual(ranks);
  });
});
