// One user's kanban board (columns in order, cards in order within their column): how it is
// read, and the reads and refusals its writes share (columns.ts, cards.ts). Positions are
// dense (0..n-1) per board and per column; the writes keep them so with one shifting UPDATE.
// Every read is scoped by the user: someone else's column or card id is simply not found.
import { and, asc, count, eq } from 'drizzle-orm';

import type { AuthUser } from '../context.ts';
import {
  MAX_CARDS_PER_COLUMN,
  type KanbanBoard,
  type KanbanCard,
  type KanbanColumn,
} from '../contracts/kanban.ts';
import type { Executor } from '../db/client.ts';
import { kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';

/** Who reads or changes a board: its owner. */
export type BoardUser = Pick<AuthUser, 'id'>;
export type CardRow = typeof kanbanCards.$inferSelect;
export type ColumnRow = typeof kanbanColumns.$inferSelect;

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

export async function loadBoard(tx: Executor, user: BoardUser): Promise<KanbanBoard> {
  const columns = await tx
    .select()
    .from(kanbanColumns)
    .where(eq(kanbanColumns.userId, user.id))
    .orderBy(asc(kanbanColumns.position));
  const cards = await tx
    .select()
    .from(kanbanCards)
    .where(eq(kanbanCards.userId, user.id))
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

/** A column with its cards' ids in order. */
export async function toColumn(tx: Executor, row: ColumnRow): Promise<KanbanColumn> {
  const cards = await tx
    .select({ id: kanbanCards.id })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, row.id))
    .orderBy(asc(kanbanCards.position));
  return { id: row.id, name: row.name, cardIds: cards.map((r) => r.id) };
}

export async function findColumn(tx: Executor, user: BoardUser, id: string) {
  const [row] = await tx
    .select()
    .from(kanbanColumns)
    .where(and(eq(kanbanColumns.id, id), eq(kanbanColumns.userId, user.id)));
  return row;
}

export async function findCard(tx: Executor, user: BoardUser, id: string) {
  const [row] = await tx
    .select()
    .from(kanbanCards)
    .where(and(eq(kanbanCards.id, id), eq(kanbanCards.userId, user.id)));
  return row;
}

export async function columnCount(tx: Executor, user: BoardUser) {
  const [row] = await tx
    .select({ n: count() })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.userId, user.id));
  return Number(row?.n ?? 0);
}

export async function cardCount(tx: Executor, columnId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId));
  return Number(row?.n ?? 0);
}

/** Where an index lands: at most `max`, and `max` when none is given (the end). */
export const clamp = (index: number | undefined, max: number) => Math.min(index ?? max, max);

export const boardFull = (what: string) =>
  new ApiError(422, `Your board is full: it holds ${what} at most. Delete some to add more.`, {
    board: `${what} at most.`,
  });

export const columnFull = () =>
  new ApiError(
    422,
    `This column is full: it holds ${MAX_CARDS_PER_COLUMN} cards at most. Move or delete some first.`,
    { columnId: `${MAX_CARDS_PER_COLUMN} cards at most.` },
  );
