// Card writes on a user's board. A new card goes at its index in its column (the end when
// none); an update sets only the fields sent; a move is an intent ("card X to column Y at
// index i", clamped), so a replay after other changes still lands where the user meant;
// deleting closes the gap. A column holds MAX_CARDS_PER_COLUMN cards (422 past that).
import { and, eq, gt, gte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';

import {
  MAX_CARDS_PER_COLUMN,
  type cardIdSchema,
  type KanbanCard,
  type moveCardSchema,
  type newCardSchema,
  type updateCardSchema,
} from '../contracts/kanban.ts';
import type { Executor } from '../db/client.ts';
import { kanbanCards } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { conflict, notFound } from '../lib/errors.ts';
import {
  cardCount,
  clamp,
  columnFull,
  findCard,
  findColumn,
  toCard,
  type BoardUser,
} from './board.ts';

const columnGone = () => notFound('This column no longer exists.');
const cardGone = () => notFound('This card no longer exists.');

export async function addCard(
  tx: Executor,
  user: BoardUser,
  { columnId, card, index }: z.infer<typeof newCardSchema>,
): Promise<KanbanCard> {
  if (!(await findColumn(tx, user, columnId))) throw columnGone();
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
        userId: user.id,
        columnId,
        position,
      })
      .returning();
    return toCard(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A card with this id already exists.', { id: 'Taken.' });
    throw error;
  }
}

export async function updateCard(
  tx: Executor,
  user: BoardUser,
  { cardId, card }: z.infer<typeof updateCardSchema>,
): Promise<KanbanCard> {
  const { due, ...fields } = card;
  const [row] = await tx
    .update(kanbanCards)
    .set({
      ...fields,
      ...(due !== undefined ? { due: due ? new Date(due) : null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(kanbanCards.id, cardId), eq(kanbanCards.userId, user.id)))
    .returning();
  if (!row) throw cardGone();
  return toCard(row);
}

export async function moveCard(
  tx: Executor,
  user: BoardUser,
  { cardId, columnId, index }: z.infer<typeof moveCardSchema>,
): Promise<KanbanCard> {
  const card = await findCard(tx, user, cardId);
  if (!card) throw cardGone();
  if (!(await findColumn(tx, user, columnId))) throw columnGone();
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
  return toCard(row!);
}

/** Deletes a card; one already gone is no error (deletes win). */
export async function deleteCard(
  tx: Executor,
  user: BoardUser,
  { cardId }: z.infer<typeof cardIdSchema>,
): Promise<{ cardId: string; deleted: boolean }> {
  const [row] = await tx
    .delete(kanbanCards)
    .where(and(eq(kanbanCards.id, cardId), eq(kanbanCards.userId, user.id)))
    .returning();
  if (row) {
    await tx
      .update(kanbanCards)
      .set({ position: sql`${kanbanCards.position} - 1` })
      .where(and(eq(kanbanCards.columnId, row.columnId), gt(kanbanCards.position, row.position)));
  }
  return { cardId, deleted: Boolean(row) };
}
