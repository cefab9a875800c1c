// The board's Dexie tables (./schema.ts), typed with the contract (listed by ./sync.ts):
// columns with their ordered card ids, cards, and the board's column order in `meta`.
import { db, mirrorTable } from '@/lib/db';

import type { KanbanCard, KanbanColumn } from '../../../../server/contracts/kanban';
import { COLUMN_ORDER_KEY } from './schema';

export type ColumnRow = KanbanColumn;
/** A card as the server sends it (its times are absent until the server saw it). */
export type CardRow = Omit<KanbanCard, 'createdAt' | 'updatedAt'> & { createdAt?: string; updatedAt?: string };

export const columnsTable = mirrorTable<ColumnRow, 'id'>('columns');
export const cardsTable = mirrorTable<CardRow, 'id'>('cards');
export { COLUMN_ORDER_KEY };

export async function getColumnOrder(): Promise<string[]> {
  return ((await db.meta.get(COLUMN_ORDER_KEY))?.value as string[] | undefined) ?? [];
}

export async function setColumnOrder(order: string[]) {
  await db.meta.put({ key: COLUMN_ORDER_KEY, value: order });
}
