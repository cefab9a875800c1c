// The board as this device knows it: Dexie's `columns`, `cards` and `meta.columnOrder`, read
// live (useLiveRead), and every change written through the sync queue (`enqueueChange`
// applies it locally and queues it in one transaction). Nothing here talks to the server: the
// sync engine replays the queue and pulls the server's board back into the same tables.
import { db } from '@/lib/db';
import { startFirstRead, useLiveRead } from '@/lib/first-read';
import { enqueueChange } from '@/lib/sync/outbox';

import type { CardFields } from '../../../../server/contracts/kanban';
import type { KanbanChange } from './sync';
import { cardsTable, columnsTable, getColumnOrder, type CardRow, type ColumnRow } from './tables';

export interface BoardView {
  columns: ColumnRow[];
  cards: Record<string, CardRow>;
}

/** Columns in board order (columns missing from the order list go last), cards by id. */
export async function readBoard(): Promise<BoardView> {
  return db.transaction('r', [columnsTable(), cardsTable(), db.meta], async () => {
    const [columns, cards, order] = await Promise.all([
      columnsTable().toArray(),
      cardsTable().toArray(),
      getColumnOrder(),
    ]);
    const rank = new Map(order.map((id, i) => [id, i]));
    columns.sort(
      (a, b) =>
        (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
    );
    return { columns, cards: Object.fromEntries(cards.map((c) => [c.id, c])) };
  });
}

const FIRST_READ = 'kanban:board';

/** The board read as the app boots, on the board's page (src/app/first-reads.ts). */
export function startFirstBoardRead() {
  startFirstRead(FIRST_READ, readBoard);
}

/** The live board; undefined while Dexie is first read (the boot's read, when it has
 *  arrived, is the first value). */
export function useBoard(): BoardView | undefined {
  return useLiveRead(FIRST_READ, readBoard, []);
}

export const DEFAULT_CARD: Omit<CardFields, 'name'> = {
  description: '',
  assignees: [],
  priority: 'medium',
  due: null,
  labels: [],
  checklist: [],
  completed: false,
};

const queue = (change: KanbanChange) => enqueueChange(change);

export const boardActions = {
  addColumn: (name: string, index?: number) =>
    queue({
      op: 'column.create',
      body: { id: crypto.randomUUID(), name, ...(index === undefined ? {} : { index }) },
    }),
  renameColumn: (columnId: string, name: string) =>
    queue({ op: 'column.update', body: { columnId, column: { name } } }),
  moveColumn: (columnId: string, index: number) => queue({ op: 'column.move', body: { columnId, index } }),
  clearColumn: (columnId: string) => queue({ op: 'column.clear', body: { columnId } }),
  deleteColumn: (columnId: string) => queue({ op: 'column.delete', body: { columnId } }),
  addCard: (columnId: string, name: string) =>
    queue({
      op: 'card.create',
      body: { columnId, card: { ...DEFAULT_CARD, name, id: crypto.randomUUID() } },
    }),
  updateCard: (cardId: string, card: Partial<CardFields>) => queue({ op: 'card.update', body: { cardId, card } }),
  moveCard: (cardId: string, columnId: string, index: number) =>
    queue({ op: 'card.move', body: { cardId, columnId, index } }),
  deleteCard: (cardId: string) => queue({ op: 'card.delete', body: { cardId } }),
};

/** A starter board for a new user: three columns, queued in order. */
export async function addStarterColumns(names: string[]) {
  for (const name of names) await boardActions.addColumn(name);
}
