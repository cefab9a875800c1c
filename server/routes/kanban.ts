// /api/kanban: the signed-in user's board (docs/api.md) plus the card and ordering calls the
// board needs. The rules (dense positions, moves as intents, limits) are server/kanban's; every
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
import { writeBoard } from '../kanban/board-writes.ts';
import { loadBoard } from '../kanban/board.ts';
import { addCard, deleteCard, moveCard, updateCard } from '../kanban/cards.ts';
import {
  addColumn,
  clearColumn,
  deleteColumn,
  moveColumn,
  renameColumn,
} from '../kanban/columns.ts';
import { validate } from '../lib/errors.ts';
import { mutationPost } from '../sync/registry.ts';

export const kanbanRoutes = new Hono<AppEnv>();
kanbanRoutes.use('*', requireUser);

kanbanRoutes.get('/board', async (c) =>
  c.json({ board: await loadBoard(c.var.deps.database.db, currentUser(c)) }),
);

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

mutationPost(kanbanRoutes, '/cards/delete', async (tx, body, { user }) => {
  const answer = await writeBoard(tx, user, deleteCard, validate(cardIdSchema, body));
  return { status: 200, body: answer };
});
