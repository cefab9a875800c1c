// The boards as this device knows them: Dexie's `boards`, `columns` and `cards`, read live
// (useLiveRead), and every change written through the sync queue (`enqueueChange` applies it
// locally and queues it in one transaction). Nothing here talks to the server: the sync engine
// replays the queue and pulls the server's boards back into the same tables.
import { db } from '@/lib/db';
import { startFirstRead, useLiveRead } from '@/lib/first-read';
import { enqueueChange } from '@/lib/sync/outbox';

import type { CardFields } from '../../../../server/contracts/kanban';
import { canWrite } from '../../../../server/contracts/live';
import type { KanbanChange } from './sync';
import {
  boardsTable,
  cardsTable,
  columnsTable,
  type BoardRow,
  type CardRow,
  type ColumnRow,
} from './tables';

export interface BoardView {
  /** the board shown; null before the device first pulled any */
  board: BoardRow | null;
  /** every board the user sees: their own first, then the shared ones */
  boards: BoardRow[];
  columns: ColumnRow[];
  cards: Record<string, CardRow>;
  /** the user may change this board (owner or editor) */
  writable: boolean;
}

/** Which board to show: the one asked for, else the one holding `cardId`, else the user's own. */
export interface BoardChoice {
  boardId?: string | null;
  cardId?: string | null;
}

async function chooseBoard(boards: BoardRow[], { boardId, cardId }: BoardChoice) {
  const asked = boards.find((b) => b.id === boardId);
  if (asked) return asked;
  if (cardId) {
    const holder = (await cardsTable().get(cardId))?.boardId;
    const found = boards.find((b) => b.id === holder);
    if (found) return found;
  }
  return boards.find((b) => b.role === 'owner') ?? boards[0] ?? null;
}

/** The chosen board's columns in order (columns missing from the order list go last), cards by id. */
export async function readBoard(choice: BoardChoice = {}): Promise<BoardView> {
  return db.transaction('r', [boardsTable(), columnsTable(), cardsTable()], async () => {
    const boards = await boardsTable().toArray();
    boards.sort(
      (a, b) =>
        Number(b.role === 'owner') - Number(a.role === 'owner') || a.name.localeCompare(b.name),
    );
    const board = await chooseBoard(boards, choice);
    if (!board) return { board: null, boards, columns: [], cards: {}, writable: false };
    const [columns, cards] = await Promise.all([
      columnsTable().where('boardId').equals(board.id).toArray(),
      cardsTable().where('boardId').equals(board.id).toArray(),
    ]);
    const rank = new Map(board.columnOrder.map((id, i) => [id, i]));
    columns.sort(
      (a, b) =>
        (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
    );
    return {
      board,
      boards,
      columns,
      cards: Object.fromEntries(cards.map((c) => [c.id, c])),
      writable: canWrite(board.role),
    };
  });
}

const FIRST_READ = 'kanban:board';

/** The board read as the app boots, on the board's page (src/app/first-reads.ts). */
export function startFirstBoardRead(searchParams: URLSearchParams) {
  const choice = { boardId: searchParams.get('board'), cardId: searchParams.get('card') };
  startFirstRead(FIRST_READ, () => readBoard(choice));
}

/** The live board; undefined while Dexie is first read (the boot's read, when it has
 *  arrived, is the first value). */
export function useBoard(choice: BoardChoice = {}): BoardView | undefined {
  const { boardId = null, cardId = null } = choice;
  return useLiveRead(FIRST_READ, () => readBoard({ boardId, cardId }), [boardId, cardId]);
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

/** The board's cursor as this device last pulled it: what an offline edit was based on. */
async function baseCursorOf(cardId: string) {
  const boardId = (await cardsTable().get(cardId))?.boardId;
  const board = boardId ? await boardsTable().get(boardId) : undefined;
  return board?.cursor;
}

export const boardActions = {
  addColumn: (boardId: string, name: string, index?: number) =>
    queue({
      op: 'column.create',
      body: { id: crypto.randomUUID(), boardId, name, ...(index === undefined ? {} : { index }) },
    }),
  renameColumn: (columnId: string, name: string) =>
    queue({ op: 'column.update', body: { columnId, column: { name } } }),
  moveColumn: (columnId: string, index: number) =>
    queue({ op: 'column.move', body: { columnId, index } }),
  clearColumn: (columnId: string) => queue({ op: 'column.clear', body: { columnId } }),
  deleteColumn: (columnId: string) => queue({ op: 'column.delete', body: { columnId } }),
  addCard: (columnId: string, name: string) =>
    queue({
      op: 'card.create',
      body: { columnId, card: { ...DEFAULT_CARD, name, id: crypto.randomUUID() } },
    }),
  updateCard: async (cardId: string, card: Partial<CardFields>) => {
    const baseCursor = await baseCursorOf(cardId);
    return queue({
      op: 'card.update',
      body: { cardId, card, ...(baseCursor === undefined ? {} : { baseCursor }) },
    });
  },
  moveCard: async (cardId: string, columnId: string, index: number) => {
    const baseCursor = await baseCursorOf(cardId);
    return queue({
      op: 'card.move',
      body: { cardId, columnId, index, ...(baseCursor === undefined ? {} : { baseCursor }) },
    });
  },
  deleteCard: (cardId: string) => queue({ op: 'card.delete', body: { cardId } }),
  resolveConflict: (cardId: string, conflictId: string, keep: 'yours' | 'theirs') =>
    queue({ op: 'card.resolve', body: { cardId, conflictId, keep } }),
};

/** A starter board for a new user: three columns, queued in order. */
export async function addStarterColumns(boardId: string, names: string[]) {
  for (const name of names) await boardActions.addColumn(boardId, name);
}
