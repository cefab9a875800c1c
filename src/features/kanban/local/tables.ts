// The boards' Dexie tables (./schema.ts), typed with the contract (listed by ./sync.ts): every
// board the user sees, their columns with ordered card ids, and their cards.
import { mirrorTable } from '@/lib/db';

import type { KanbanCard, KanbanColumn } from '../../../../server/contracts/kanban';
import type { BoardSummary } from '../../../../server/contracts/live';

/** A board as the device knows it: the server's summary (role, cursor) and its column order.
 *  `local`: changes were applied here that the server's snapshot does not hold yet, so the
 *  next pull fetches it even when its cursor did not move. */
export type BoardRow = BoardSummary & { columnOrder: string[]; local?: boolean };
export type ColumnRow = KanbanColumn & { boardId: string };
/** A card as the server sends it (its times, rank and rev are absent until the server saw it). */
export type CardRow = Omit<KanbanCard, 'createdAt' | 'updatedAt' | 'rank' | 'rev' | 'conflicts'> & {
  boardId: string;
  createdAt?: string;
  updatedAt?: string;
  rank?: string;
  rev?: number;
  conflicts?: KanbanCard['conflicts'];
};

export const boardsTable = mirrorTable<BoardRow, 'id'>('boards');
export const columnsTable = mirrorTable<ColumnRow, 'id'>('columns');
export const cardsTable = mirrorTable<CardRow, 'id'>('cards');

/** Marks a board as changed on this device (see BoardRow.local). */
export async function touchBoard(boardId: string | undefined) {
  if (boardId) await boardsTable().update(boardId, { local: true });
}

/** The user's own board (the default of a change that names none, as on the server). */
export async function ownBoard(): Promise<BoardRow | undefined> {
  return (await boardsTable().toArray()).find((b) => b.role === 'owner');
}

/** The column order of the user's own board. */
export async function getColumnOrder(): Promise<string[]> {
  return (await ownBoard())?.columnOrder ?? [];
}
