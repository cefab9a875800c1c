// Card writes on a board the user may write. A new card goes at its index in its column (the
// end when none); a move is an intent ("card X to column Y at index i", clamped) and changes
// only the card's column and key; an update sets only the fields sent. A column holds
// MAX_CARDS_PER_COLUMN cards (422 past that).
//
// Merges (docs/live.md): fields are last-writer-wins in server order, one field at a time. Each
// card remembers per field the cursor and author of its last change; an update that carries
// the cursor it was based on (`baseCursor`) and sets a field someone else changed after that
// cursor still wins, and the card keeps a conflict record (both values, who, when) until a
// member resolves it. A deleted card leaves a tombstone; an update based on a cursor before
// the delete restores the card (with the edit, at the end of its column if that still exists)
// and records the delete as a conflict; otherwise an update of a deleted card is a 404.
import crypto from 'node:crypto';

import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import {
  MAX_CARDS_PER_COLUMN,
  type cardIdSchema,
  type KanbanCard,
  type moveCardSchema,
  type newCardSchema,
  type updateCardSchema,
} from '../contracts/kanban.ts';
import type { ConflictRecord, resolveConflictSchema } from '../contracts/live.ts';
import type { Executor } from '../db/client.ts';
import { kanbanCards, kanbanColumns, kanbanTombstones, type FieldRev } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { beginWrite } from '../live/access.ts';
import { people } from '../live/people.ts';
import {
  cardCount,
  cardForWrite,
  cardGone,
  cardRankAt,
  columnForWrite,
  columnFull,
  columnGone,
  toCard,
  type BoardUser,
  type CardRow,
} from './board.ts';

/** A card keeps at most this many conflict records (the oldest go first). */
export const MAX_CONFLICTS = 20;

type CardChanges = z.infer<typeof updateCardSchema>['card'];

function columnValues(card: CardChanges) {
  const { due, ...fields } = card;
  return { ...fields, ...(due !== undefined ? { due: due ? new Date(due) : null } : {}) };
}

/** A field's value as the API answers it (dates as ISO text). */
const wireValue = (row: CardRow, field: keyof CardChanges) =>
  field === 'due' ? (row.due ? row.due.toISOString() : null) : row[field];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function addCard(
  tx: Executor,
  user: BoardUser,
  { columnId, card, index }: z.infer<typeof newCardSchema>,
): Promise<KanbanCard> {
  const { row: column, rev } = await columnForWrite(tx, user, columnId);
  if ((await cardCount(tx, columnId)) >= MAX_CARDS_PER_COLUMN) throw columnFull();
  const rank = await cardRankAt(tx, columnId, index);
  const { id, due, ...fields } = card;
  try {
    const [row] = await tx
      .insert(kanbanCards)
      .values({
        ...(id ? { id } : {}),
        ...fields,
        due: due ? new Date(due) : null,
        userId: user.id,
        boardId: column.boardId,
        columnId,
        rank,
        rev,
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
  { cardId, card, baseCursor }: z.infer<typeof updateCardSchema>,
): Promise<KanbanCard> {
  const found = await cardForWrite(tx, user, cardId);
  if (!found) return restoreCard(tx, user, cardId, card, baseCursor);
  const { row, rev } = found;
  const now = new Date().toISOString();
  const { fieldRevs, records } = mergeFields((field) => wireValue(row, field), row.fieldRevs, {
    card,
    baseCursor,
    by: user.id,
    rev,
    now,
  });
  const conflicts = [...row.conflicts, ...(await named(tx, records))].slice(-MAX_CONFLICTS);
  const [updated] = await tx
    .update(kanbanCards)
    .set({ ...columnValues(card), fieldRevs, conflicts, rev, updatedAt: new Date(now) })
    .where(eq(kanbanCards.id, cardId))
    .returning();
  return toCard(updated!);
}

/**
 * Last writer wins per field; a field someone else changed after `baseCursor` (and to another
 * value) gives a conflict record. Returns the card's new field cursors and the new records.
 */
function mergeFields(
  current: (field: keyof CardChanges) => unknown,
  revs: Record<string, FieldRev>,
  change: {
    card: CardChanges;
    baseCursor: number | undefined;
    by: string;
    rev: number;
    now: string;
  },
) {
  const { card, baseCursor, by, rev, now } = change;
  const fieldRevs: Record<string, FieldRev> = { ...revs };
  const records: ConflictRecord[] = [];
  for (const field of Object.keys(card) as (keyof CardChanges)[]) {
    const last = revs[field];
    const overwritten = current(field);
    if (
      baseCursor !== undefined &&
      last &&
      last.rev > baseCursor &&
      last.by !== by &&
      !same(overwritten, card[field])
    ) {
      records.push({
        id: crypto.randomUUID(),
        field,
        yours: { value: card[field], by: { id: by, name: '' }, at: now },
        theirs: { value: overwritten, by: { id: last.by, name: '' }, at: last.at },
        at: now,
      });
    }
    fieldRevs[field] = { rev, by, at: now };
  }
  return { fieldRevs, records };
}

/** Fills in the names of the people a conflict record names. */
async function named(tx: Executor, records: ConflictRecord[]) {
  if (records.length === 0) return records;
  const who = await people(
    tx,
    records.flatMap((r) => [r.yours.by.id, r.theirs.by.id]),
  );
  const name = (id: string) => who.get(id)?.name ?? '';
  return records.map((r) => ({
    ...r,
    yours: { ...r.yours, by: { id: r.yours.by.id, name: name(r.yours.by.id) } },
    theirs: { ...r.theirs, by: { id: r.theirs.by.id, name: name(r.theirs.by.id) } },
  }));
}

/** An update of a card that is gone: restored when the editor had not seen the delete. */
async function restoreCard(
  tx: Executor,
  user: BoardUser,
  cardId: string,
  card: CardChanges,
  baseCursor: number | undefined,
): Promise<KanbanCard> {
  const [stone] = await tx
    .select()
    .from(kanbanTombstones)
    .where(eq(kanbanTombstones.cardId, cardId));
  if (!stone || baseCursor === undefined || baseCursor >= stone.rev) throw cardGone();
  const was = stone.card as unknown as CardRow & { due: string | null; createdAt: string };
  const [column] = await tx
    .select({ id: kanbanColumns.id })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.id, was.columnId));
  if (!column) throw cardGone();
  const rev = await beginWrite(tx, 'board', stone.boardId, user);
  if ((await cardCount(tx, column.id)) >= MAX_CARDS_PER_COLUMN) throw columnFull();
  const now = new Date().toISOString();
  // the edit also merges with the fields as they were when the card was deleted
  const { fieldRevs, records } = mergeFields(
    (field) => (was as unknown as Record<string, unknown>)[field],
    was.fieldRevs,
    { card, baseCursor, by: user.id, rev, now },
  );
  const noted = await named(tx, [
    ...records,
    {
      id: crypto.randomUUID(),
      field: 'deleted',
      yours: { value: card, by: { id: user.id, name: '' }, at: now },
      theirs: {
        value: null,
        by: { id: stone.deletedBy, name: '' },
        at: stone.deletedAt.toISOString(),
      },
      at: now,
    },
  ]);
  const [row] = await tx
    .insert(kanbanCards)
    .values({
      id: cardId,
      userId: was.userId,
      boardId: stone.boardId,
      columnId: column.id,
      rank: await cardRankAt(tx, column.id, undefined),
      rev,
      name: was.name,
      description: was.description,
      assignees: was.assignees,
      priority: was.priority,
      due: was.due ? new Date(was.due) : null,
      labels: was.labels,
      checklist: was.checklist,
      completed: was.completed,
      createdAt: new Date(was.createdAt),
      ...columnValues(card),
      fieldRevs,
      conflicts: [...(was.conflicts ?? []), ...noted].slice(-MAX_CONFLICTS),
      updatedAt: new Date(now),
    })
    .returning();
  await tx.delete(kanbanTombstones).where(eq(kanbanTombstones.cardId, cardId));
  return toCard(row!);
}

export async function moveCard(
  tx: Executor,
  user: BoardUser,
  { cardId, columnId, index }: z.infer<typeof moveCardSchema>,
): Promise<KanbanCard> {
  const found = await cardForWrite(tx, user, cardId);
  if (!found) throw cardGone();
  const [column] = await tx
    .select({ boardId: kanbanColumns.boardId })
    .from(kanbanColumns)
    .where(eq(kanbanColumns.id, columnId));
  // a column of another board is, from this card, no column at all
  if (!column || column.boardId !== found.row.boardId) throw columnGone();
  const others = (await cardCount(tx, columnId)) - (found.row.columnId === columnId ? 1 : 0);
  if (others >= MAX_CARDS_PER_COLUMN) throw columnFull();
  const rank = await cardRankAt(tx, columnId, index, cardId);
  const [row] = await tx
    .update(kanbanCards)
    .set({ columnId, rank, rev: found.rev, updatedAt: new Date() })
    .where(eq(kanbanCards.id, cardId))
    .returning();
  return toCard(row!);
}

async function removeCard(tx: Executor, user: BoardUser, row: CardRow, rev: number) {
  await tx
    .insert(kanbanTombstones)
    .values({
      cardId: row.id,
      boardId: row.boardId,
      card: JSON.parse(JSON.stringify(row)) as Record<string, unknown>,
      deletedBy: user.id,
      rev,
    })
    .onConflictDoUpdate({
      target: kanbanTombstones.cardId,
      set: {
        card: JSON.parse(JSON.stringify(row)) as Record<string, unknown>,
        deletedBy: user.id,
        rev,
        deletedAt: new Date(),
      },
    });
  await tx.delete(kanbanCards).where(eq(kanbanCards.id, row.id));
}

/** Deletes a card; one already gone is no error (deletes win). */
export async function deleteCard(
  tx: Executor,
  user: BoardUser,
  { cardId }: z.infer<typeof cardIdSchema>,
): Promise<{ cardId: string; deleted: boolean }> {
  const found = await cardForWrite(tx, user, cardId);
  if (!found) return { cardId, deleted: false };
  await removeCard(tx, user, found.row, found.rev);
  return { cardId, deleted: true };
}

/** Resolves one conflict record: keeps the card's value (yours) or puts theirs back. */
export async function resolveConflict(
  tx: Executor,
  user: BoardUser,
  { cardId, conflictId, keep }: z.infer<typeof resolveConflictSchema>,
): Promise<KanbanCard | { cardId: string; deleted: true }> {
  const found = await cardForWrite(tx, user, cardId);
  if (!found) throw cardGone();
  const { row, rev } = found;
  const record = row.conflicts.find((r) => r.id === conflictId);
  if (!record) throw notFound('This conflict was already resolved.');
  if (keep === 'theirs' && record.field === 'deleted') {
    await removeCard(tx, user, row, rev);
    return { cardId, deleted: true };
  }
  const conflicts = row.conflicts.filter((r) => r.id !== conflictId);
  const now = new Date();
  const changes: CardChanges =
    keep === 'theirs' && record.field !== 'deleted' ? { [record.field]: record.theirs.value } : {};
  const fieldRevs = { ...row.fieldRevs };
  for (const field of Object.keys(changes))
    fieldRevs[field] = { rev, by: user.id, at: now.toISOString() };
  const [updated] = await tx
    .update(kanbanCards)
    .set({ ...columnValues(changes), conflicts, fieldRevs, rev, updatedAt: now })
    .where(and(eq(kanbanCards.id, cardId)))
    .returning();
  return toCard(updated!);
}
