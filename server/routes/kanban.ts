// /api/kanban: the signed-in user's board, the boards shared with them (docs/live.md) and the
// column calls a board needs; the card calls are kanban-cards.ts's. The rules (order keys,
// moves as intents, merges, limits, who may write) are server/kanban's and server/live's; every
// mutation is declared with `mutationPost` (sync-able, exactly once per Idempotency-Key) and
// runs its write through `writeBoard`.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  columnIdSchema,
  moveColumnSchema,
  newColumnSchema,
  updateColumnSchema,
} from '../contracts/kanban.ts';
import { boardIdParam, sinceQuerySchema } from '../contracts/live.ts';
import { writeBoard } from '../kanban/board-writes.ts';
import { loadBoard, loadBoardSince } from '../kanban/board.ts';
import {
  addColumn,
  clearColumn,
  deleteColumn,
  moveColumn,
  renameColumn,
} from '../kanban/columns.ts';
import { listBoards } from '../live/sharing.ts';
import { routeGroup } from '../openapi/route.ts';
import { mutationPost } from '../sync/registry.ts';
import { kanbanCardRoutes } from './kanban-cards.ts';

export const kanbanRoutes = new Hono<AppEnv>();
kanbanRoutes.use('*', requireUser);

const tag = 'Kanban';
const kanban = routeGroup({ tag, access: 'user' });

kanbanRoutes.get('/board', kanban('My board: its columns and cards.'), async (c) =>
  c.json({ board: await loadBoard(c.var.deps.database.db, currentUser(c)) }),
);

kanbanRoutes.get(
  '/boards',
  kanban('The boards I see (my own first), with my role and cursor.'),
  async (c) => c.json({ boards: await listBoards(c.var.deps.database.db, currentUser(c)) }),
);

const oneBoard = kanban('A board I see; with ?since= equal to its cursor, { unchanged: true }.', {
  params: boardIdParam,
  query: sinceQuerySchema,
});
kanbanRoutes.get('/boards/:boardId', oneBoard, async (c) => {
  const { boardId } = c.req.valid('param');
  const { since } = c.req.valid('query');
  return c.json(await loadBoardSince(c.var.deps.database.db, currentUser(c), boardId, since));
});

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

kanbanRoutes.route('/', kanbanCardRoutes);
