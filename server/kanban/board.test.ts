// The board's writes called as functions of (transaction, user, input), without HTTP: what a
// caller other than the REST routes (a shared board, a script) builds on.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newCardSchema } from '../contracts/kanban.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { writeBoard } from './board-writes.ts';
import { loadBoard } from './board.ts';
import { addCard, deleteCard, moveCard } from './cards.ts';
import { addColumn, deleteColumn, moveColumn } from './columns.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** A new card's input as the route hands it over: validated, defaults filled in. */
const card = (columnId: string, name: string) => newCardSchema.parse({ columnId, card: { name } });
const names = (board: Awaited<ReturnType<typeof loadBoard>>, columnId: string) =>
  board.columns[columnId]!.cardIds.map((id) => board.cards[id]!.name);

describe('kanban board writes', () => {
  it('apply in one transaction and read back as the board', async () => {
    const { user } = await server.createUser();
    const db = server.deps.database.db;
    const todo = crypto.randomUUID();
    const done = crypto.randomUUID();
    const moved = await db.transaction(async (tx) => {
      await writeBoard(tx, user, addColumn, { id: todo, name: 'To do' });
      await writeBoard(tx, user, addColumn, { id: done, name: 'Done', index: 0 });
      const cards = [];
      for (const name of ['a', 'b', 'c'])
        cards.push(await writeBoard(tx, user, addCard, card(todo, name)));
      return writeBoard(tx, user, moveCard, { cardId: cards[1]!.id, columnId: done, index: 5 });
    });
    expect(moved).toMatchObject({ name: 'b', columnId: done });
    const board = await loadBoard(db, user);
    expect(board.columnOrder).toEqual([done, todo]);
    expect(names(board, todo)).toEqual(['a', 'c']);
    expect(names(board, done)).toEqual(['b']);
  });

  it('roll back with the transaction when a later write is refused', async () => {
    const { user } = await server.createUser();
    const db = server.deps.database.db;
    const column = crypto.randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await writeBoard(tx, user, addColumn, { id: column, name: 'Kept?' });
        await writeBoard(tx, user, addCard, card(crypto.randomUUID(), 'x'));
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await loadBoard(db, user)).columnOrder).toEqual([]);
  });

  it("reach only the user's own board", async () => {
    const owner = (await server.createUser()).user;
    const other = (await server.createUser()).user;
    const db = server.deps.database.db;
    const column = await writeBoard(db, owner, addColumn, { name: 'Mine' });
    const added = await writeBoard(db, owner, addCard, card(column.id, 'x'));
    await expect(
      writeBoard(db, other, moveColumn, { columnId: column.id, index: 0 }),
    ).rejects.toMatchObject({ status: 404 });
    // an outsider's delete is a 404 too: the card is not theirs to know of
    await expect(writeBoard(db, other, deleteCard, { cardId: added.id })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      writeBoard(db, other, deleteColumn, { columnId: column.id }),
    ).rejects.toMatchObject({ status: 404 });
    expect(names(await loadBoard(db, owner), column.id)).toEqual(['x']);
  });
});
