// /api/kanban: the signed-in user's board, the boards shared with them (docs/live.md) and the
// card and ordering calls a board needs. The rules (order keys, moves as intents, merges,
// limits, who may write) are server/kanban's and server/live's; every
// mutation is declared with `mutationPost` (sync-able, exactly once per Idempotency-Key) and
// runs its write through `writeBoard`.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  cardIdSchema,
  columnIdSchema,
  moveCardSchema,
  moveColumnSchema,
  newCardSchema,
  newColumnSchema,
  updateCardSchema,
  updateColumnSchema,
} from '../contracts/kanban.ts';
import { boardIdParam, resolveConflictSchema, sinceQuerySchema } from '../contracts/live.ts';
import { writeBoard } from '../kanban/board-writes.ts';
import { cursorOf, loadBoard } from '../kanban/board.ts';
import { addCard, deleteCard, moveCard, resolveConflict, updateCard } from '../kanban/cards.ts';
import {
  addColumn,
  clearColumn,
  deleteColumn,
  moveColumn,
  renameColumn,
} from '../kanban/columns.ts';
import { parseQuery, validate } from '../lib/errors.ts';
import { requireRead } from '../live/access.ts';
import { listBoards } from '../live/sharing.ts';
import { mutationPost } from '../sync/registry.ts';

export const kanbanRoutes = new Hono<AppEnv>();
kanbanRoutes.use('*', requireUser);

kanbanRoutes.get('/board', async (c) =>
  c.json({ board: await loadBoard(c.var.deps.database.db, currentUser(c)) }),
);

kanbanRoutes.get('/boards', async (c) =>
  c.json({ boards: await listBoards(c.var.deps.database.db, currentUser(c)) }),
);

kanbanRoutes.get('/boards/:boardId', async (c) => {
  const { boardId } = validate(boardIdParam, { boardId: c.req.param('boardId') });
  const { since } = parseQuery(c, sinceQuerySchema);
  const db = c.var.deps.database.db;
  const user = currentUser(c);
  if (since !== undefined) {
    await requireRead(db, 'board', boardId, user);
    const cursor = await cursorOf(db, boardId);
    if (cursor === since) return c.json({ unchanged: true, cursor });
  }
  return c.json({ board: await loadBoard(db, user, boardId) });
});

mutationPost(kanbanRoutes, '/columns/new', async (tx, body, { user }) => {
  const column = await writeBoard(tx, user, addColumn, validate(newColumnSchema, body));
  return { status: 201, body: { column } };
});

mutationPost(kanbanRoutes, '/columns/update', async (tx, body, { user }) => {
  const column = await writeBoard(tx, user, renameColumn, validate(updateColumnSchema, body));
  return { status: 200, body: { column } };
});

mutationPost(kanbanRoutes, '/columns/move', async (tx, body, { user }) => {
  const columnOrder = await writeBoard(tx, user, moveColumn, validate(moveColumnSchema, body));
  return { status: 200, body: { columnOrder } };
});

mutationPost(kanbanRoutes, '/columns/clear', async (tx, body, { user }) => {
  const column = await writeBoard(tx, user, clearColumn, validate(columnIdSchema, body));
  return { status: 200, body: { column } };
});

mutationPost(kanbanRoutes, '/columns/delete', async (tx, body, { user }) => {
  const answer = await writeBoard(tx, user, deleteColumn, validate(columnIdSchema, body));
  return { status: 200, body: answer };
});

mutationPost(kanbanRoutes, '/cards/new', async (tx, body, { user }) => {
  const card = await writeBoard(tx, user, addCard, validate(newCardSchema, body));
  return { status: 201, body: { card } };
});

mutationPost(kanbanRoutes, '/cards/update', async (tx, body, { user }) => {
  const card = await writeBoard(tx, user, updateCard, validate(updateCardSchema, body));
  return { status: 200, body: { card } };
});

mutationPost(kanbanRoutes, '/cards/move', async (tx, body, { user }) => {
  const card = await writeBoard(tx, user, moveCard, validate(moveCardSchema, body));
  return { status: 200, body: { card } };
});

mutationPost(kanbanRoutes, '/cards/resolve', async (tx, body, { user }) => {
  const answer = await writeBoard(tx, user, resolveConflict, validate(resolveConflictSchema, body));
  return { status: 200, body: 'deleted' in answer ? answer : { card: answer } };
});

mutationPost(kanbanRoutes, '/cards/delete', async (tx, body, { user }) => {
  const answer = await writeBoard(tx, user, deleteCard, validate(cardIdSchema, body));
  return { status: 200, body: answer };
});
