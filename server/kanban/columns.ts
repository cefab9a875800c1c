// Column writes on a user's board. A new column goes at its index (the end when none), the
// others moving right; a move is an intent ("column X to index i", clamped), so a replay after
// other changes still lands where the user meant; deleting closes the gap.
import { and, asc, eq, gt, gte, ne, sql } from 'drizzle-orm';
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
import { conflict, notFound } from '../lib/errors.ts';
import { boardFull, clamp, columnCount, findColumn, toColumn, type BoardUser } from './board.ts';

const columnGone = () => notFound('This column no longer exists.');

export async function addColumn(
  tx: Executor,
  user: BoardUser,
  input: z.infer<typeof newColumnSchema>,
): Promise<KanbanColumn> {
  const columns = await columnCount(tx, user);
  if (columns >= MAX_COLUMNS_PER_BOARD) throw boardFull(`${MAX_COLUMNS_PER_BOARD} columns`);
  const position = clamp(input.index, columns);
  if (position < columns) {
    await tx
      .update(kanbanColumns)
      .set({ position: sql`${kanbanColumns.position} + 1` })
      .where(and(eq(kanbanColumns.userId, user.id), gte(kanbanColumns.position, position)));
  }
  try {
    const [row] = await tx
      .insert(kanbanColumns)
      .values({ ...(input.id ? { id: input.id } : {}), userId: user.id, name: input.name, position })
      .returning();
    return { id: row!.id, name: row!.name, cardIds: [] };
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
  const [row] = await tx
    .update(kanbanColumns)
    .set({ name: column.name })
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.userId, user.id)))
    .returning();
  if (!row) throw columnGone();
  return toColumn(tx, row);
}

/** Moves a column to `index` (clamped); answers the board's column order. */
export async function moveColumn(
  tx: Executor,
  user: BoardUser,
  { columnId, index }: z.infer<typeof moveColumnSchema>,
): Promise<string[]> {
  const column = await findColumn(tx, user, columnId);
  if (!column) throw columnGone();
  const target = clamp(index, (await columnCount(tx, user)) - 1);
  const mine = eq(kanbanColumns.userId, user.id);
  await tx
    .update(kanbanColumns)
    .set({ position: sql`${kanbanColumns.position} - 1` })
    .where(and(mine, gt(kanbanColumns.position, column.position)));
  await tx
    .update(kanbanColumns)
    .set({ position: sql`${kanbanColumns.position} + 1` })
    .where(and(mine, gte(kanbanColumns.position, target), ne(kanbanColumns.id, columnId)));
  await tx.update(kanbanColumns).set({ position: target }).where(eq(kanbanColumns.id, columnId));
  const order = await tx
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(mine)
    .orderBy(asc(kanbanColumns.position));
  return order.map((r) => r.id);
}

/** Deletes every card of a column, keeping the column. */
export async function clearColumn(
  tx: Executor,
  user: BoardUser,
  { columnId }: z.infer<typeof columnIdSchema>,
): Promise<KanbanColumn> {
  const column = await findColumn(tx, user, columnId);
  if (!column) throw columnGone();
  await tx.delete(kanbanCards).where(eq(kanbanCards.columnId, columnId));
  return { id: column.id, name: column.name, cardIds: [] };
}

/** Deletes a column and its cards; one already gone is no error (deletes win). */
export async function deleteColumn(
  tx: Executor,
  user: BoardUser,
  { columnId }: z.infer<typeof columnIdSchema>,
): Promise<{ columnId: string; deleted: boolean }> {
  const [row] = await tx
    .delete(kanbanColumns)
    .where(and(eq(kanbanColumns.id, columnId), eq(kanbanColumns.userId, user.id)))
    .returning();
  if (row) {
    await tx
      .update(kanbanColumns)
      .set({ position: sql`${kanbanColumns.position} - 1` })
      .where(and(eq(kanbanColumns.userId, user.id), gt(kanbanColumns.position, row.position)));
  }
  return { columnId, deleted: Boolean(row) };
}
