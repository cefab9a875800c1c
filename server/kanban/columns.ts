// Column writes on a board the user may write (their own, or one shared with them as editor).
// A new column goes at its index (the end when none); a move is an intent ("column X to index
// i", clamped), so a replay after other changes still lands where the user meant. Either way
// the column gets a key between its neighbours there and nothing else moves. Deleting a column
// deletes its cards.
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';

import {
  MAX_COLUMNS_PER_BOARD,
  type columnIdSchema,
  type KanbanColumn,
  type moveColumnSchema,
  type newColumnSchema,
  type updateColumnSchema,
} from '../contracts/kanban.ts';
import type { Executor } from '../db/client.ts';
import { kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { conflict } from '../lib/errors.ts';
import { beginWrite } from '../live/access.ts';
import {
  boardFull,
  columnCount,
  columnForWrite,
  columnRankAt,
  ownBoardId,
  toColumn,
  type BoardUser,
} from './board.ts';

export async function addColumn(
  tx: Executor,
  user: BoardUser,
  input: z.infer<typeof newColumnSchema>,
): Promise<KanbanColumn> {
  const boardId = input.boardId ?? (await ownBoardId(tx, user));
  await beginWrite(tx, 'board', boardId, user);
  if ((await columnCount(tx, boardId)) >= MAX_COLUMNS_PER_BOARD)
    throw boardFull(`${MAX_COLUMNS_PER_BOARD} columns`);
  const rank = await columnRankAt(tx, boardId, input.index);
  try {
    const [row] = await tx
      .insert(kanbanColumns)
      .values({
        ...(input.id ? { id: input.id } : {}),
        userId: user.id,
        boardId,
        name: input.name,
        rank,
      })
      .returning();
    return { id: row!.id, name: row!.name, rank: row!.rank, cardIds: [] };
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A column with this id already exists.', { id: 'Taken.' });
    throw error;
  }
}

export async function renameColumn(
  tx: Executor,
  user: BoardUser,
  { columnId, column }: z.infer<typeof updateColumnSchema>,
): Promise<KanbanColumn> {
  await columnForWrite(tx, user, columnId);
  const [row] = await tx
    .update(kanbanColumns)
    .set({ name: column.name })
    .where(eq(kanbanColumns.id, columnId))
    .returning();
  return toColumn(tx, row!);
}

/** Moves a column to `index` (clamped); answers the board's column order. */
export async function moveColumn(
  tx: Executor,
  user: BoardUser,
  { columnId, index }: z.infer<typeof moveColumnSchema>,
): Promise<string[]> {
  const { row } = await columnForWrite(tx, user, columnId);
  const rank = await columnRankAt(tx, row.boardId, index, columnId);
  await tx.update(kanbanColumns).set({ rank }).where(eq(kanbanColumns.id, columnId));
  const order = await tx
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.boardId, row.boardId))
    .orderBy(asc(kanbanColumns.rank), asc(kanbanColumns.id));
  return order.map((r) => r.id);
}

/** Deletes every card of a column, keeping the column. */
export async function clearColumn(
  tx: Executor,
  user: BoardUser,
  { columnId }: z.infer<typeof columnIdSchema>,
): Promise<KanbanColumn> {
  const { row } = await columnForWrite(tx, user, columnId);
  await tx.delete(kanbanCards).where(eq(kanbanCards.columnId, columnId));
  return { id: row.id, name: row.name, rank: row.rank, cardIds: [] };
}

/** Deletes a column and its cards; one already gone is no error (deletes win). */
export async function deleteColumn(
  tx: Executor,
  user: BoardUser,
  { columnId }: z.infer<typeof columnIdSchema>,
): Promise<{ columnId: string; deleted: boolean }> {
  const [exists] = await tx
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.id, columnId));
  if (!exists) return { columnId, deleted: false };
  await columnForWrite(tx, user, columnId);
  await tx.delete(kanbanColumns).where(eq(kanbanColumns.id, columnId));
  return { columnId, deleted: true };
}
