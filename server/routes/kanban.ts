// /api/kanban: the signed-in user's board (spec point 7) plus the card and ordering calls the
// board needs. Positions are dense (0..n-1) per column and per board; every call keeps them so
// with one shifting UPDATE, and moves are intents ("card X to column Y at index i", the index
// clamped), so a replay after other changes still lands where the user meant. Every mutation
// is declared with `mutationPost` (sync-able, exactly once per Idempotency-Key).
import { and, asc, count, eq, gt, gte, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  cardIdSchema,
  columnIdSchema,
  MAX_CARDS_PER_COLUMN,
  MAX_COLUMNS_PER_BOARD,
  moveCardSchema,
  moveColumnSchema,
  newCardSchema,
  newColumnSchema,
  updateCardSchema,
  updateColumnSchema,
  type KanbanBoard,
  type KanbanCard,
} from '../contracts/kanban.ts';
import type { Executor } from '../db/client.ts';
import { kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, conflict, notFound, validate } from '../lib/errors.ts';
import { mutationPost } from '../sync/registry.ts';

type CardRow = typeof kanbanCards.$inferSelect;
type ColumnRow = typeof kanbanColumns.$inferSelect;

export function toCard(row: CardRow): KanbanCard {
  return {
    id: row.id,
    columnId: row.columnId,
    name: row.name,
    description: row.description,
    assignees: row.assignees,
    priority: row.priority,
    due: row.due ? row.due.toISOString() : null,
    labels: row.labels,
    checklist: row.checklist,
    completed: row.completed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function cardIdsOf(tx: Executor, columnId: string) {
  const rows = await tx
    .select({ id: kanbanCards.id })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId))
    .orderBy(asc(kanbanCards.position));
  return rows.map((r) => r.id);
}

async function toColumn(tx: Executor, row: ColumnRow) {
  return { id: row.id, name: row.name, cardIds: await cardIdsOf(tx, row.id) };
}

async function findColumn(tx: Executor, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(kanbanColumns)
    .where(and(eq(kanbanColumns.id, id), eq(kanbanColumns.userId, userId)));
  return row;
}

async function findCard(tx: Executor, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(kanbanCards)
    .where(and(eq(kanbanCards.id, id), eq(kanbanCards.userId, userId)));
  return row;
}

async function columnCount(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.userId, userId));
  return Number(row?.n ?? 0);
}

async function cardCount(tx: Executor, columnId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId));
  return Number(row?.n ?? 0);
}

const clamp = (index: number | undefined, max: number) => Math.min(index ?? max, max);

/** Makes room at `from`: the columns there and after move one place right. */
async function shiftColumns(tx: Executor, userId: string, from: number) {
  await tx
    .update(kanbanColumns)
    .set({ position: sql`${kanbanColumns.position} + 1` })
    .where(and(eq(kanbanColumns.userId, userId), gte(kanbanColumns.position, from)));
}

const boardFull = (what: string) =>
  new ApiError(422, `Your board is full: it holds ${what} at most. Delete some to add more.`, {
    board: `${what} at most.`,
  });
const columnFull = () =>
  new ApiError(
    422,
    `This column is full: it holds ${MAX_CARDS_PER_COLUMN} cards at most. Move or delete some first.`,
    { columnId: `${MAX_CARDS_PER_COLUMN} cards at most.` },
  );

export async function loadBoard(tx: Executor, userId: string): Promise<KanbanBoard> {
  const columns = await tx
    .select()
    .from(kanbanColumns)
    .where(eq(kanbanColumns.userId, userId))
    .orderBy(asc(kanbanColumns.position));
  const cards = await tx
    .select()
    .from(kanbanCards)
    .where(eq(kanbanCards.userId, userId))
    .orderBy(asc(kanbanCards.position));
  const board: KanbanBoard = { cards: {}, columns: {}, columnOrder: columns.map((c) => c.id) };
  for (const column of columns)
    board.columns[column.id] = { id: column.id, name: column.name, cardIds: [] };
  for (const card of cards) {
    board.cards[card.id] = toCard(card);
    board.columns[card.columnId]?.cardIds.push(card.id);
  }
  return board;
}

export const kanbanRoutes = new Hono<AppEnv>();
kanbanRoutes.use('*', requireUser);

kanbanRoutes.get('/board', async (c) =>
  c.json({ board: await loadBoard(c.var.deps.database.db, currentUser(c).id) }),
);

mutationPost(kanbanRoutes, '/columns/new', async (tx, body, { user }) => {
  const input = validate(newColumnSchema, body);
  const userId = user.id;
  const columns = await columnCount(tx, userId);
  if (columns >= MAX_COLUMNS_PER_BOARD) throw boardFull(`${MAX_COLUMNS_PER_BOARD} columns`);
  const position = clamp(input.index, columns);
  if (position < columns) await shiftColumns(tx, userId, position);
  try {
    const [row] = await tx
      .insert(kanbanColumns)
      .values({ ...(input.id ? { id: input.id } : {}), userId, name: input.name, position })
      .returning();
    return { status: 201, body: { column: { id: row!.id, name: row!.name, cardIds: [] } } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A column with this id already exists.', { id: 'Taken.' });
    throw error;
  }
});

mutationPost(kanbanRoutes, '/columns/update', async (tx, body, { user }) => {
  const { columnId, column } = validate(updateColumnSchema, body);
  const userId = user.id;
  const [row] = await tx
    .update(kanbanColumns)
    .set({ name: column.name })
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.userId, userId)))
    .returning();
  if (!row) throw notFound('This column no longer exists.');
  return { status: 200, body: { column: await toColumn(tx, row) } };
});

mutationPost(kanbanRoutes, '/columns/move', async (tx, body, { user }) => {
  const { columnId, index } = validate(moveColumnSchema, body);
  const userId = user.id;
  const column = await findColumn(tx, userId, columnId);
  if (!column) throw notFound('This column no longer exists.');
  const target = clamp(index, (await columnCount(tx, userId)) - 1);
  await tx
    .update(kanbanColumns)
    .set({ position: sql`${kanbanColumns.position} - 1` })
    .where(and(eq(kanbanColumns.userId, userId), gt(kanbanColumns.position, column.position)));
  await tx
    .update(kanbanColumns)
    .set({ position: sql`${kanbanColumns.position} + 1` })
    .where(
      and(
        eq(kanbanColumns.userId, userId),
        gte(kanbanColumns.position, target),
        ne(kanbanColumns.id, columnId),
      ),
    );
  await tx.update(kanbanColumns).set({ position: target }).where(eq(kanbanColumns.id, columnId));
  const order = await tx
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.userId, userId))
    .orderBy(asc(kanbanColumns.position));
  return { status: 200, body: { columnOrder: order.map((r) => r.id) } };
});

mutationPost(kanbanRoutes, '/columns/clear', async (tx, body, { user }) => {
  const { columnId } = validate(columnIdSchema, body);
  const column = await findColumn(tx, user.id, columnId);
  if (!column) throw notFound('This column no longer exists.');
  await tx.delete(kanbanCards).where(eq(kanbanCards.columnId, columnId));
  return { status: 200, body: { column: { id: column.id, name: column.name, cardIds: [] } } };
});

mutationPost(kanbanRoutes, '/columns/delete', async (tx, body, { user }) => {
  const { columnId } = validate(columnIdSchema, body);
  const userId = user.id;
  const [row] = await tx
    .delete(kanbanColumns)
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.userId, userId)))
    .returning();
  if (row) {
    await tx
      .update(kanbanColumns)
      .set({ position: sql`${kanbanColumns.position} - 1` })
      .where(and(eq(kanbanColumns.userId, userId), gt(kanbanColumns.position, row.position)));
  }
  return { status: 200, body: { columnId, deleted: Boolean(row) } };
});

mutationPost(kanbanRoutes, '/cards/new', async (tx, body, { user }) => {
  const { columnId, card, index } = validate(newCardSchema, body);
  const userId = user.id;
  if (!(await findColumn(tx, userId, columnId))) throw notFound('This column no longer exists.');
  const inColumn = await cardCount(tx, columnId);
  if (inColumn >= MAX_CARDS_PER_COLUMN) throw columnFull();
  const position = clamp(index, inColumn);
  if (position < inColumn) {
    await tx
      .update(kanbanCards)
      .set({ position: sql`${kanbanCards.position} + 1` })
      .where(and(eq(kanbanCards.columnId, columnId), gte(kanbanCards.position, position)));
  }
  const { id, due, ...fields } = card;
  try {
    const [row] = await tx
      .insert(kanbanCards)
      .values({
        ...(id ? { id } : {}),
        ...fields,
        due: due ? new Date(due) : null,
        userId,
        columnId,
        position,
      })
      .returning();
    return { status: 201, body: { card: toCard(row!) } };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A card with this id already exists.', { id: 'Taken.' });
    throw error;
  }
});

mutationPost(kanbanRoutes, '/cards/update', async (tx, body, { user }) => {
  const { cardId, card } = validate(updateCardSchema, body);
  const userId = user.id;
  const { due, ...fields } = card;
  const [row] = await tx
    .update(kanbanCards)
    .set({
      ...fields,
      ...(due !== undefined ? { due: due ? new Date(due) : null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(kanbanCards.id, cardId), eq(kanbanCards.userId, userId)))
    .returning();
  if (!row) throw notFound('This card no longer exists.');
  return { status: 200, body: { card: toCard(row) } };
});

mutationPost(kanbanRoutes, '/cards/move', async (tx, body, { user }) => {
  const { cardId, columnId, index } = validate(moveCardSchema, body);
  const userId = user.id;
  const card = await findCard(tx, userId, cardId);
  if (!card) throw notFound('This card no longer exists.');
  if (!(await findColumn(tx, userId, columnId))) throw notFound('This column no longer exists.');
  await tx
    .update(kanbanCards)
    .set({ position: sql`${kanbanCards.position} - 1` })
    .where(and(eq(kanbanCards.columnId, card.columnId), gt(kanbanCards.position, card.position)));
  const others = (await cardCount(tx, columnId)) - (card.columnId === columnId ? 1 : 0);
  if (others >= MAX_CARDS_PER_COLUMN) throw columnFull();
  const target = clamp(index, others);
  await tx
    .update(kanbanCards)
    .set({ position: sql`${kanbanCards.position} + 1` })
    .where(
      and(
        eq(kanbanCards.columnId, columnId),
        gte(kanbanCards.position, target),
        ne(kanbanCards.id, cardId),
      ),
    );
  const [row] = await tx
    .update(kanbanCards)
    .set({ columnId, position: target, updatedAt: new Date() })
    .where(eq(kanbanCards.id, cardId))
    .returning();
  return { status: 200, body: { card: toCard(row!) } };
});

mutationPost(kanbanRoutes, '/cards/delete', async (tx, body, { user }) => {
  const { cardId } = validate(cardIdSchema, body);
  const userId = user.id;
  const [row] = await tx
    .delete(kanbanCards)
    .where(and(eq(kanbanCards.id, cardId), eq(kanbanCards.userId, userId)))
    .returning();
  if (row) {
    await tx
      .update(kanbanCards)
      .set({ position: sql`${kanbanCards.position} - 1` })
      .where(and(eq(kanbanCards.columnId, row.columnId), gt(kanbanCards.position, row.position)));
  }
  return { status: 200, body: { cardId, deleted: Boolean(row) } };
});
