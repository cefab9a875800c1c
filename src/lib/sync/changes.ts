// The changes the sync queue carries, and how each one is applied to the local mirror.
//
// Every change is applied twice in its life: once when the user makes it (with its outbox row,
// in one Dexie transaction) and again on top of each fresh server snapshot while it is still
// queued ("rebase"), so the screen always shows server state + the changes not yet delivered.
// That is why every apply below is idempotent (applying it twice equals applying it once) and
// mirrors the server's rules exactly (indexes are clamped the same way, deletes cascade).
import type { CardFields } from '../../../server/contracts/kanban';
import { db, type CardRow, type EventRow } from '../db';

export const CHANGE_PATHS = {
  'event.create': '/api/calendar/events/new',
  'event.update': '/api/calendar/events/update',
  'event.delete': '/api/calendar/events/delete',
  'column.create': '/api/kanban/columns/new',
  'column.update': '/api/kanban/columns/update',
  'column.move': '/api/kanban/columns/move',
  'column.clear': '/api/kanban/columns/clear',
  'column.delete': '/api/kanban/columns/delete',
  'card.create': '/api/kanban/cards/new',
  'card.update': '/api/kanban/cards/update',
  'card.move': '/api/kanban/cards/move',
  'card.delete': '/api/kanban/cards/delete',
} as const;

export type ChangeOp = keyof typeof CHANGE_PATHS;
export const SKIP_PATH = '/api/sync/skip';

type EventFields = Omit<EventRow, 'id' | 'updatedAt'>;

export interface ChangeBodies {
  'event.create': EventFields & { id: string };
  'event.update': { eventId: string; event: Partial<EventFields> };
  'event.delete': { eventId: string };
  'column.create': { id: string; name: string; index?: number };
  'column.update': { columnId: string; column: { name: string } };
  'column.move': { columnId: string; index: number };
  'column.clear': { columnId: string };
  'column.delete': { columnId: string };
  'card.create': { columnId: string; card: CardFields & { id: string }; index?: number };
  'card.update': { cardId: string; card: Partial<CardFields> };
  'card.move': { cardId: string; columnId: string; index: number };
  'card.delete': { cardId: string };
}

export type Change = { [K in ChangeOp]: { op: K; body: ChangeBodies[K] } }[ChangeOp];

/** The tables a change may touch; every transaction that applies changes locks these. */
export const MIRROR_TABLES = () => [db.events, db.columns, db.cards, db.meta];

function insertAt(list: string[], id: string, index: number | undefined, maxIndex = list.length) {
  const without = list.filter((x) => x !== id);
  const at = Math.min(index ?? without.length, Math.min(maxIndex, without.length));
  without.splice(at, 0, id);
  return without;
}

export async function getColumnOrder(): Promise<string[]> {
  return ((await db.meta.get('columnOrder'))?.value as string[] | undefined) ?? [];
}

async function setColumnOrder(order: string[]) {
  await db.meta.put({ key: 'columnOrder', value: order });
}

async function removeCardFromColumns(cardId: string) {
  await db.columns
    .filter((c) => c.cardIds.includes(cardId))
    .modify((c) => {
      c.cardIds = c.cardIds.filter((x) => x !== cardId);
    });
}

/** Applies one change to the mirror tables. Call inside a transaction over MIRROR_TABLES. */
export async function applyChange(change: Change): Promise<void> {
  switch (change.op) {
    case 'event.create': {
      await db.events.put({ ...change.body });
      return;
    }
    case 'event.update': {
      await db.events.update(change.body.eventId, change.body.event);
      return;
    }
    case 'event.delete': {
      await db.events.delete(change.body.eventId);
      return;
    }
    case 'column.create': {
      const { id, name, index } = change.body;
      const existing = await db.columns.get(id);
      await db.columns.put({ id, name, cardIds: existing?.cardIds ?? [] });
      await setColumnOrder(insertAt(await getColumnOrder(), id, index));
      return;
    }
    case 'column.update': {
      await db.columns.update(change.body.columnId, { name: change.body.column.name });
      return;
    }
    case 'column.move': {
      const order = await getColumnOrder();
      if (!order.includes(change.body.columnId)) return;
      await setColumnOrder(insertAt(order, change.body.columnId, change.body.index));
      return;
    }
    case 'column.clear': {
      const { columnId } = change.body;
      await db.cards.where('columnId').equals(columnId).delete();
      await db.columns.update(columnId, { cardIds: [] });
      return;
    }
    case 'column.delete': {
      const { columnId } = change.body;
      await db.cards.where('columnId').equals(columnId).delete();
      await db.columns.delete(columnId);
      await setColumnOrder((await getColumnOrder()).filter((id) => id !== columnId));
      return;
    }
    case 'card.create': {
      const { columnId, card, index } = change.body;
      const column = await db.columns.get(columnId);
      if (!column) return;
      const row: CardRow = { ...card, columnId, createdAt: new Date().toISOString() };
      await db.cards.put(row);
      await db.columns.update(columnId, { cardIds: insertAt(column.cardIds, card.id, index) });
      return;
    }
    case 'card.update': {
      await db.cards.update(change.body.cardId, change.body.card);
      return;
    }
    case 'card.move': {
      const { cardId, columnId, index } = change.body;
      const card = await db.cards.get(cardId);
      const target = await db.columns.get(columnId);
      if (!card || !target) return;
      await removeCardFromColumns(cardId);
      const fresh = (await db.columns.get(columnId))!;
      await db.columns.update(columnId, { cardIds: insertAt(fresh.cardIds, cardId, index) });
      await db.cards.update(cardId, { columnId });
      return;
    }
    case 'card.delete': {
      await removeCardFromColumns(change.body.cardId);
      await db.cards.delete(change.body.cardId);
      return;
    }
  }
}
