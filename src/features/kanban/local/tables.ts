// The board's Dexie tables, typed with the contract (declared here, listed by ./sync.ts):
// columns with their ordered card ids (spec point 3), cards, and the board's column order in
// `meta.columnOrder`.
import { db, mirrorTable } from '@/lib/db';

import type { KanbanCard, KanbanColumn } from '../../../../server/contracts/kanban';

export type ColumnRow = KanbanColumn;
/** A card as the server sends it (its times are absent until the server saw it). */
export type CardRow = Omit<KanbanCard, 'createdAt' | 'updatedAt'> & { createdAt?: string; updatedAt?: string };

export const columnsTable = mirrorTable<ColumnRow, 'id'>('columns', 'id');
export const cardsTable = mirrorTable<CardRow, 'id'>('cards', 'id, columnId');
export const COLUMN_ORDER_KEY = 'columnOrder';

export async function getColumnOrder(): Promise<string[]> {
  return ((await db.meta.get(COLUMN_ORDER_KEY))?.value as string[] | undefined) ?? [];
}

export async function setColumnOrder(order: string[]) {
  await db.meta.put({ key: COLUMN_ORDER_KEY, value: order });
}
