// The board in the sync registry: its tables, its calls and its pull. Every apply below is
// idempotent (applying it twice equals applying it once) and mirrors the server's rules
// exactly (indexes are clamped the same way, deletes cascade), because a queued change is
// applied again on each fresh server snapshot (src/lib/sync/pull.ts).
import { defineFeatureSync, featurePull, operation, type ChangeOf } from '@/lib/sync/registry';

import type { CardFields, KanbanBoard } from '../../../../server/contracts/kanban';
import { cardsTable, columnsTable, getColumnOrder, setColumnOrder, type CardRow } from './tables';

function insertAt(list: string[], id: string, index: number | undefined) {
  const without = list.filter((x) => x !== id);
  without.splice(Math.min(index ?? without.length, without.length), 0, id);
  return without;
}

async function removeCardFromColumns(cardId: string) {
  await columnsTable()
    .filter((c) => c.cardIds.includes(cardId))
    .modify((c) => {
      c.cardIds = c.cardIds.filter((x) => x !== cardId);
    });
}

const columnName = async (columnId: string) => (await columnsTable().get(columnId))?.name;
const cardName = async (cardId: string) => (await cardsTable().get(cardId))?.name;

export const kanbanSync = defineFeatureSync({
  name: 'kanban',
  tables: [columnsTable, cardsTable],
  operations: {
    'column.create': operation<{ id: string; name: string; index?: number }>({
      path: '/api/kanban/columns/new',
      apply: async ({ id, name, index }) => {
        const existing = await columnsTable().get(id);
        await columnsTable().put({ id, name, cardIds: existing?.cardIds ?? [] });
        await setColumnOrder(insertAt(await getColumnOrder(), id, index));
      },
      describe: (body) => ({ key: 'kanban.sync.columnCreate', name: body.name }),
    }),
    'column.update': operation<{ columnId: string; column: { name: string } }>({
      path: '/api/kanban/columns/update',
      apply: async (body) => void (await columnsTable().update(body.columnId, { name: body.column.name })),
      describe: (body) => ({ key: 'kanban.sync.columnUpdate', name: body.column.name }),
    }),
    'column.move': operation<{ columnId: string; index: number }>({
      path: '/api/kanban/columns/move',
      apply: async ({ columnId, index }) => {
        const order = await getColumnOrder();
        if (order.includes(columnId)) await setColumnOrder(insertAt(order, columnId, index));
      },
      describe: async (body) => ({ key: 'kanban.sync.columnMove', name: await columnName(body.columnId) }),
    }),
    'column.clear': operation<{ columnId: string }>({
      path: '/api/kanban/columns/clear',
      apply: async ({ columnId }) => {
        await cardsTable().where('columnId').equals(columnId).delete();
        await columnsTable().update(columnId, { cardIds: [] });
      },
      describe: async (body) => ({ key: 'kanban.sync.columnClear', name: await columnName(body.columnId) }),
    }),
    'column.delete': operation<{ columnId: string }>({
      path: '/api/kanban/columns/delete',
      apply: async ({ columnId }) => {
        await cardsTable().where('columnId').equals(columnId).delete();
        await columnsTable().delete(columnId);
        await setColumnOrder((await getColumnOrder()).filter((id) => id !== columnId));
      },
      describe: async (body) => ({ key: 'kanban.sync.columnDelete', name: await columnName(body.columnId) }),
    }),
    'card.create': operation<{ columnId: string; card: CardFields & { id: string }; index?: number }>({
      path: '/api/kanban/cards/new',
      apply: async ({ columnId, card, index }) => {
        const column = await columnsTable().get(columnId);
        if (!column) return;
        const row: CardRow = { ...card, columnId, createdAt: new Date().toISOString() };
        await cardsTable().put(row);
        await columnsTable().update(columnId, { cardIds: insertAt(column.cardIds, card.id, index) });
      },
      describe: (body) => ({ key: 'kanban.sync.cardCreate', name: body.card.name }),
    }),
    'card.update': operation<{ cardId: string; card: Partial<CardFields> }>({
      path: '/api/kanban/cards/update',
      apply: async (body) => void (await cardsTable().update(body.cardId, body.card)),
      describe: async (body) => ({
        key: 'kanban.sync.cardUpdate',
        name: body.card.name ?? (await cardName(body.cardId)),
      }),
    }),
    'card.move': operation<{ cardId: string; columnId: string; index: number }>({
      path: '/api/kanban/cards/move',
      apply: async ({ cardId, columnId, index }) => {
        const card = await cardsTable().get(cardId);
        const target = await columnsTable().get(columnId);
        if (!card || !target) return;
        await removeCardFromColumns(cardId);
        const fresh = (await columnsTable().get(columnId))!;
        await columnsTable().update(columnId, { cardIds: insertAt(fresh.cardIds, cardId, index) });
        await cardsTable().update(cardId, { columnId });
      },
      describe: async (body) => ({ key: 'kanban.sync.cardMove', name: await cardName(body.cardId) }),
    }),
    'card.delete': operation<{ cardId: string }>({
      path: '/api/kanban/cards/delete',
      apply: async ({ cardId }) => {
        await removeCardFromColumns(cardId);
        await cardsTable().delete(cardId);
      },
      describe: async (body) => ({ key: 'kanban.sync.cardDelete', name: await cardName(body.cardId) }),
    }),
  },
  pull: featurePull<KanbanBoard>({
    fetch: async (getJson) => (await getJson<{ board: KanbanBoard }>('/api/kanban/board')).board,
    write: async (board) => {
      await Promise.all([columnsTable().clear(), cardsTable().clear()]);
      await columnsTable().bulkPut(Object.values(board.columns));
      await cardsTable().bulkPut(Object.values(board.cards));
      await setColumnOrder(board.columnOrder);
    },
  }),
});

export type KanbanChange = ChangeOf<typeof kanbanSync>;
