// /api/kanban card calls, behind the `requireUser` of kanban.ts, which mounts them. Every one is
// a `mutationPost` (sync-able, exactly once per Idempotency-Key) that runs its write through
// `writeBoard`; the rules are server/kanban/cards.ts's.
import { Hono } from 'hono';

import type { AppEnv } from '../context.ts';
import {
  cardIdSchema,
  moveCardSchema,
  newCardSchema,
  updateCardSchema,
} from '../contracts/kanban.ts';
import { resolveConflictSchema } from '../contracts/live.ts';
import { writeBoard } from '../kanban/board-writes.ts';
import { addCard, deleteCard, moveCard, resolveConflict, updateCard } from '../kanban/cards.ts';
import { mutationPost } from '../sync/registry.ts';

export const kanbanCardRoutes = new Hono<AppEnv>();

const tag = 'Kanban';

mutationPost(
  kanbanCardRoutes,
  '/cards/new',
  { tag, summary: 'Add a card.', body: newCardSchema, status: 201 },
  async (tx, input, { user }) => {
    const card = await writeBoard(tx, user, addCard, input);
    return { status: 201, body: { card } };
  },
);

mutationPost(
  kanbanCardRoutes,
  '/cards/update',
  { tag, summary: 'Change a card.', body: updateCardSchema },
  async (tx, input, { user }) => {
    const card = await writeBoard(tx, user, updateCard, input);
    return { status: 200, body: { card } };
  },
);

mutationPost(
  kanbanCardRoutes,
  '/cards/move',
  { tag, summary: 'Move a card.', body: moveCardSchema },
  async (tx, input, { user }) => {
    const card = await writeBoard(tx, user, moveCard, input);
    return { status: 200, body: { card } };
  },
);

mutationPost(
  kanbanCardRoutes,
  '/cards/resolve',
  { tag, summary: 'Resolve a conflict record: keep yours or theirs.', body: resolveConflictSchema },
  async (tx, input, { user }) => {
    const answer = await writeBoard(tx, user, resolveConflict, input);
    return { status: 200, body: 'deleted' in answer ? answer : { card: answer } };
  },
);

mutationPost(
  kanbanCardRoutes,
  '/cards/delete',
  { tag, summary: 'Delete a card.', body: cardIdSchema },
  async (tx, input, { user }) => {
    const answer = await writeBoard(tx, user, deleteCard, input);
    return { status: 200, body: answer };
  },
);
