// /api/kanban: the signed-in user's board (spec point 7) plus the card and ordering calls the
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
import { route } from '../openapi/route.ts';
import { mutationPost } from '../sync/registry.ts';

export const kanbanRoutes = new Hono<AppEnv>();
kanbanRoutes.use('*', requireUser);

const tag = 'Kanban';

kanbanRoutes.get(
  '/board',
  route({ tag, access: 'user', summary: 'My board: its columns and cards.' }),
  async (c) => c.json({ board: await loadBoard(c.var.deps.database.db, currentUser(c)) }),
);

mutationPost(
  kanbanRoutes,
  '/columns/new',
  { tag, summary: 'Add a column.', body: newColumnSchema, status: 201 },
  async (tx, input, { user }) => {
    const column = await writeBoard(tx, user, addColumn, input);
    return { status: 201, body: { column } };
  },
);

mutationPost(
  kanbanRoutes,
  '/columns/update',
  { tag, summary: 'Rename a column.', body: updateColumnSchema },
  async (tx, input, { user }) => {
    const column = await writeBoard(tx, user, renameColumn, input);
    return { status: 200, body: { column } };
  },
);

mutationPost(
  kanbanRoutes,
  '/columns/move',
  { tag, summary: 'Move a column.', body: moveColumnSchema },
  async (tx, input, { user }) => {
    const columnOrder = await writeBoard(tx, user, moveColumn, input);
    return { status: 200, body: { columnOrder } };
  },
);

mutationPost(
  kanbanRoutes,
  '/columns/clear',
  { tag, summary: "Delete a column's cards.", body: columnIdSchema },
  async (tx, input, { user }) => {
    const column = await writeBoard(tx, user, clearColumn, input);
    return { status: 200, body: { column } };
  },
);

mutationPost(
  kanbanRoutes,
  '/columns/delete',
  { tag, summary: 'Delete a column and its cards.', body: columnIdSchema },
  async (tx, input, { user }) => {
    const answer = await writeBoard(tx, user, deleteColumn, input);
    return { status: 200, body: answer };
  },
);

mutationPost(
  kanbanRoutes,
  '/cards/new',
  { tag, summary: 'Add a card.', body: newCardSchema, status: 201 },
  async (tx, input, { user }) => {
    const card = await writeBoard(tx, user, addCard, input);
    return { status: 201, body: { card } };
  },
);

mutationPost(
  kanbanRoutes,
  '/cards/update',
  { tag, summary: 'Change a card.', body: updateCardSchema },
  async (tx, input, { user }) => {
    const card = await writeBoard(tx, user, updateCard, input);
    return { status: 200, body: { card } };
  },
);

mutationPost(
  kanbanRoutes,
  '/cards/move',
  { tag, summary: 'Move a card.', body: moveCardSchema },
  async (tx, input, { user }) => {
    const card = await writeBoard(tx, user, moveCard, input);
    return { status: 200, body: { card } };
  },
);

mutationPost(
  kanbanRoutes,
  '/cards/delete',
  { tag, summary: 'Delete a card.', body: cardIdSchema },
  async (tx, input, { user }) => {
    const answer = await writeBoard(tx, user, deleteCard, input);
    return { status: 200, body: answer };
  },
);
