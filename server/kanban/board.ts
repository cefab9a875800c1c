// A kanban board (columns in order, cards in order within their column): how it is read, and
// the reads and refusals its writes share (columns.ts, cards.ts). Every board has an owner and
// may be shared (server/live/access.ts decides who reads and writes it). Order is a fractional
// key per column and per board, ties broken by id (server/contracts/live.ts); a write puts an
// item between its neighbours at the index it was given, and repairs equal keys it meets there
// (two offline inserts at one place) by giving the later ones new keys between their
// neighbours, so an order the server answers never holds two items on one key.
import { and, asc, count, eq, inArray } from 'drizzle-orm';

import type { AuthUser } from '../context.ts';
import {
  MAX_CARDS_PER_COLUMN,
  type KanbanBoard,
  type KanbanCard,
  type KanbanColumn,
} from '../contracts/kanban.ts';
import { rankAt, ranksBetween, type Role } from '../contracts/live.ts';
import type { Executor } from '../db/client.ts';
import { kanbanBoards, kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { beginWrite, cursorOf as cursorOfScope, ownId, requireRead } from '../live/access.ts';

/** Who reads or changes a board. */
export type BoardUser = Pick<AuthUser, 'id'>;
export type CardRow = typeof kanbanCards.$inferSelect;
export type ColumnRow = typeof kanbanColumns.$inferSelect;

export function toCard(row: CardRow): KanbanCard {
  return {
    id: row.id,
    columnId: row.columnId,
    rank: row.rank,
    rev: Number(row.rev),
    conflicts: row.conflicts,
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

/** The user's own board, made on first use. */
export const ownBoardId = (tx: Executor, user: BoardUser) => ownId(tx, 'board', user);

/** A board the user may see, in order; 404 otherwise. */
export async function loadBoard(
  tx: Executor,
  user: BoardUser,
  boardId?: string,
): Promise<KanbanBoard> {
  const id = boardId ?? (await ownBoardId(tx, user));
  const role: Role = await requireRead(tx, 'board', id, user);
  const [meta] = await tx
    .select({ name: kanbanBoards.name, rev: kanbanBoards.rev })
    .from(kanbanBoards)
    .where(eq(kanbanBoards.id, id));
  const columns = await tx
    .select()
    .from(kanbanColumns)
    .where(eq(kanbanColumns.boardId, id))
    .orderBy(asc(kanbanColumns.rank), asc(kanbanColumns.id));
  const cards = await tx
    .select()
    .from(kanbanCards)
    .where(eq(kanbanCards.boardId, id))
    .orderBy(asc(kanbanCards.rank), asc(kanbanCards.id));
  const board: KanbanBoard = {
    id,
    name: meta!.name,
    role,
    cursor: Number(meta!.rev),
    cards: {},
    columns: {},
    columnOrder: columns.map((c) => c.id),
  };
  for (const column of columns)
    board.columns[column.id] = { id: column.id, name: column.name, rank: column.rank, cardIds: [] };
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
    .orderBy(asc(kanbanCards.rank), asc(kanbanCards.id));
  return { id: row.id, name: row.name, rank: row.rank, cardIds: cards.map((r) => r.id) };
}

export const columnGone = () => notFound('This column no longer exists.');
export const cardGone = () => notFound('This card no longer exists.');

/** A column of a board the user may write (its cursor taken); 404/403 otherwise. */
export async function columnForWrite(tx: Executor, user: BoardUser, id: string) {
  const [row] = await tx.select().from(kanbanColumns).where(eq(kanbanColumns.id, id));
  if (!row) throw columnGone();
  const rev = await beginWrite(tx, 'board', row.boardId, user);
  return { row, rev };
}

/** A card of a board the user may write (its cursor taken); 404/403 otherwise. */
export async function cardForWrite(tx: Executor, user: BoardUser, id: string) {
  const [row] = await tx.select().from(kanbanCards).where(eq(kanbanCards.id, id));
  if (!row) return null;
  const rev = await beginWrite(tx, 'board', row.boardId, user);
  return { row, rev };
}

export async function columnCount(tx: Executor, boardId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.boardId, boardId));
  return Number(row?.n ?? 0);
}

export async function cardCount(tx: Executor, columnId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId));
  return Number(row?.n ?? 0);
}

interface Ranked {
  id: string;
  rank: string;
}

/**
 * Gives the items after the first of each run of equal keys new keys between the run's key and
 * the next item's, in id order (the order they were shown in). Returns the repaired list.
 */
async function repairTies(
  items: Ranked[],
  save: (ids: string[], ranks: string[]) => Promise<void>,
): Promise<Ranked[]> {
  const out = items.map((item) => ({ ...item }));
  for (let i = 0; i < out.length;) {
    let j = i + 1;
    while (j < out.length && out[j]!.rank === out[i]!.rank) j += 1;
    if (j - i > 1) {
      const fresh = ranksBetween(out[i]!.rank, out[j]?.rank ?? null, j - i - 1);
      const run = out.slice(i + 1, j);
      run.forEach((item, k) => (item.rank = fresh[k]!));
      await save(
        run.map((item) => item.id),
        fresh,
      );
    }
    i = j;
  }
  return out;
}

async function saveRanks(
  tx: Executor,
  table: typeof kanbanCards | typeof kanbanColumns,
  ids: string[],
  ranks: string[],
) {
  for (const [k, id] of ids.entries())
    await tx
      .update(table)
      .set({ rank: ranks[k]! })
      .where(inArray(table.id, [id]));
}

/** The key for an item put at `index` in a column, the item itself left out. */
export async function cardRankAt(
  tx: Executor,
  columnId: string,
  index: number | undefined,
  without?: string,
) {
  const rows = await tx
    .select({ id: kanbanCards.id, rank: kanbanCards.rank })
    .from(kanbanCards)
    .where(eq(kanbanCards.columnId, columnId))
    .orderBy(asc(kanbanCards.rank), asc(kanbanCards.id));
  const others = await repairTies(
    rows.filter((r) => r.id !== without),
    (ids, ranks) => saveRanks(tx, kanbanCards, ids, ranks),
  );
  return rankAt(others, index ?? others.length);
}

/** The key for a column put at `index` on a board, the column itself left out. */
export async function columnRankAt(
  tx: Executor,
  boardId: string,
  index: number | undefined,
  without?: string,
) {
  const rows = await tx
    .select({ id: kanbanColumns.id, rank: kanbanColumns.rank })
    .from(kanbanColumns)
    .where(and(eq(kanbanColumns.boardId, boardId)))
    .orderBy(asc(kanbanColumns.rank), asc(kanbanColumns.id));
  const others = await repairTies(
    rows.filter((r) => r.id !== without),
    (ids, ranks) => saveRanks(tx, kanbanColumns, ids, ranks),
  );
  return rankAt(others, index ?? others.length);
}

export const cursorOf = (tx: Executor, boardId: string) => cursorOfScope(tx, 'board', boardId);

/**
 * A board the user may see, or `{ unchanged: true, cursor }` when `since` is still its cursor
 * (the client's copy is current); 404 for a board the user may not see, either way.
 */
export async function loadBoardSince(
  tx: Executor,
  user: BoardUser,
  boardId: string,
  since: number | undefined,
): Promise<{ board: KanbanBoard } | { unchanged: true; cursor: number }> {
  if (since !== undefined) {
    await requireRead(tx, 'board', boardId, user);
    const cursor = await cursorOf(tx, boardId);
    if (cursor === since) return { unchanged: true, cursor };
  }
  return { board: await loadBoard(tx, user, boardId) };
}

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
