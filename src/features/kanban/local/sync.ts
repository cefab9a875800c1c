// The boards in the sync registry: their tables, their calls and their pull. Every apply below
// is idempotent (applying it twice equals applying it once) and mirrors the server's rules
// (indexes are clamped the same way, deletes cascade, a move gets a fractional key between its
// neighbours as the server gives it), because a queued change is applied again on each fresh
// server snapshot (src/lib/sync/pull.ts). Each apply marks its board as changed locally, so the
// next pull fetches that board again even if its cursor did not move (a refused change).
//
// The pull (docs/live.md): the list of boards the user sees, then each board whose cursor moved
// (or that changed here); a board no longer listed (the user was removed, or left) is dropped
// with its queued changes, which the server would refuse.
import { db } from '@/lib/db';
import { defineFeatureSync, featurePull, operation, type ChangeOf } from '@/lib/sync/registry';

import type { CardFields, KanbanBoard } from '../../../../server/contracts/kanban';
import { rankAt, type BoardSummary } from '../../../../server/contracts/live';
import { boardsTable, cardsTable, columnsTable, ownBoard, touchBoard, type CardRow } from './tables';

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

/** The key the server gives a card put at `index` of `cardIds` (when every neighbour has one). */
async function rankIn(cardIds: string[], cardId: string, index: number) {
  const others = (await cardsTable().bulkGet(cardIds.filter((id) => id !== cardId))).map(
    (c) => c?.rank,
  );
  if (others.some((rank) => rank === undefined)) return undefined;
  try {
    return rankAt(
      others.map((rank) => ({ rank: rank! })),
      index,
    );
  } catch {
    return undefined; // neighbours out of order locally: the server's next snapshot sets it
  }
}

async function updateColumnOrder(boardId: string, change: (order: string[]) => string[]) {
  const board = await boardsTable().get(boardId);
  if (board)
    await boardsTable().update(boardId, { columnOrder: change(board.columnOrder), local: true });
}

const boardOfColumn = async (columnId: string) => (await columnsTable().get(columnId))?.boardId;
const boardOfCard = async (cardId: string) => (await cardsTable().get(cardId))?.boardId;
const columnName = async (columnId: string) => (await columnsTable().get(columnId))?.name;
const cardName = async (cardId: string) => (await cardsTable().get(cardId))?.name;

/** What keeping one side of a conflict does to the card on this device (the server's rule). */
async function resolveLocally(cardId: string, conflictId: string, keep: 'yours' | 'theirs') {
  const card = await cardsTable().get(cardId);
  const record = card?.conflicts?.find((c) => c.id === conflictId);
  if (!card || !record) return;
  if (record.field === 'deleted' && keep === 'theirs') {
    await removeCardFromColumns(cardId);
    await cardsTable().delete(cardId);
    return;
  }
  const patch: Partial<CardRow> = { conflicts: card.conflicts!.filter((c) => c.id !== conflictId) };
  if (keep === 'theirs' && record.field !== 'deleted')
    Object.assign(patch, { [record.field]: record.theirs.value });
  await cardsTable().update(cardId, patch);
}

interface BoardPull {
  summary: BoardSummary;
  /** null: unchanged since the device's copy */
  board: KanbanBoard | null;
}

export const kanbanSync = defineFeatureSync({
  name: 'kanban',
  tables: [boardsTable, columnsTable, cardsTable],
  operations: {
    // without `boardId`, the user's own board (the server's default too)
    'column.create': operation<{ id: string; boardId?: string; name: string; index?: number }>({
      path: '/api/kanban/columns/new',
      apply: async ({ id, boardId: named, name, index }) => {
        const boardId = named ?? (await ownBoard())?.id ?? '';
        const existing = await columnsTable().get(id);
        await columnsTable().put({
          id,
          boardId,
          name,
          rank: existing?.rank ?? '',
          cardIds: existing?.cardIds ?? [],
        });
        await updateColumnOrder(boardId, (order) => insertAt(order, id, index));
      },
      describe: (body) => ({ key: 'kanban.sync.columnCreate', name: body.name }),
    }),
    'column.update': operation<{ columnId: string; column: { name: string } }>({
      path: '/api/kanban/columns/update',
      apply: async (body) => {
        await columnsTable().update(body.columnId, { name: body.column.name });
        await touchBoard(await boardOfColumn(body.columnId));
      },
      describe: (body) => ({ key: 'kanban.sync.columnUpdate', name: body.column.name }),
    }),
    'column.move': operation<{ columnId: string; index: number }>({
      path: '/api/kanban/columns/move',
      apply: async ({ columnId, index }) => {
        const boardId = await boardOfColumn(columnId);
        if (boardId)
          await updateColumnOrder(boardId, (order) =>
            order.includes(columnId) ? insertAt(order, columnId, index) : order,
          );
      },
      describe: async (body) => ({
        key: 'kanban.sync.columnMove',
        name: await columnName(body.columnId),
      }),
    }),
    'column.clear': operation<{ columnId: string }>({
      path: '/api/kanban/columns/clear',
      apply: async ({ columnId }) => {
        await cardsTable().where('columnId').equals(columnId).delete();
        await columnsTable().update(columnId, { cardIds: [] });
        await touchBoard(await boardOfColumn(columnId));
      },
      describe: async (body) => ({
        key: 'kanban.sync.columnClear',
        name: await columnName(body.columnId),
      }),
    }),
    'column.delete': operation<{ columnId: string }>({
      path: '/api/kanban/columns/delete',
      apply: async ({ columnId }) => {
        const boardId = await boardOfColumn(columnId);
        await cardsTable().where('columnId').equals(columnId).delete();
        await columnsTable().delete(columnId);
        if (boardId)
          await updateColumnOrder(boardId, (order) => order.filter((id) => id !== columnId));
      },
      describe: async (body) => ({
        key: 'kanban.sync.columnDelete',
        name: await columnName(body.columnId),
      }),
    }),
    'card.create': operation<{
      columnId: string;
      card: CardFields & { id: string };
      index?: number;
    }>({
      path: '/api/kanban/cards/new',
      apply: async ({ columnId, card, index }) => {
        const column = await columnsTable().get(columnId);
        if (!column) return;
        const existing = await cardsTable().get(card.id);
        const row: CardRow = {
          ...card,
          columnId,
          boardId: column.boardId,
          createdAt: existing?.createdAt ?? new Date().toISOString(),
          conflicts: existing?.conflicts ?? [],
        };
        await cardsTable().put(row);
        await columnsTable().update(columnId, {
          cardIds: insertAt(column.cardIds, card.id, index),
        });
        await touchBoard(column.boardId);
      },
      describe: (body) => ({ key: 'kanban.sync.cardCreate', name: body.card.name }),
    }),
    'card.update': operation<{ cardId: string; card: Partial<CardFields>; baseCursor?: number }>({
      path: '/api/kanban/cards/update',
      apply: async (body) => {
        await cardsTable().update(body.cardId, body.card);
        await touchBoard(await boardOfCard(body.cardId));
      },
      describe: async (body) => ({
        key: 'kanban.sync.cardUpdate',
        name: body.card.name ?? (await cardName(body.cardId)),
      }),
    }),
    'card.move': operation<{
      cardId: string;
      columnId: string;
      index: number;
      baseCursor?: number;
    }>({
      path: '/api/kanban/cards/move',
      apply: async ({ cardId, columnId, index }) => {
        const card = await cardsTable().get(cardId);
        const target = await columnsTable().get(columnId);
        if (!card || !target) return;
        await removeCardFromColumns(cardId);
        const fresh = (await columnsTable().get(columnId))!;
        const rank = await rankIn(fresh.cardIds, cardId, index);
        await columnsTable().update(columnId, { cardIds: insertAt(fresh.cardIds, cardId, index) });
        await cardsTable().update(cardId, { columnId, ...(rank ? { rank } : {}) });
        await touchBoard(card.boardId);
      },
      describe: async (body) => ({
        key: 'kanban.sync.cardMove',
        name: await cardName(body.cardId),
      }),
    }),
    'card.delete': operation<{ cardId: string }>({
      path: '/api/kanban/cards/delete',
      apply: async ({ cardId }) => {
        const boardId = await boardOfCard(cardId);
        await removeCardFromColumns(cardId);
        await cardsTable().delete(cardId);
        await touchBoard(boardId);
      },
      describe: async (body) => ({
        key: 'kanban.sync.cardDelete',
        name: await cardName(body.cardId),
      }),
    }),
    'card.resolve': operation<{ cardId: string; conflictId: string; keep: 'yours' | 'theirs' }>({
      path: '/api/kanban/cards/resolve',
      apply: async ({ cardId, conflictId, keep }) => {
        const boardId = await boardOfCard(cardId);
        await resolveLocally(cardId, conflictId, keep);
        await touchBoard(boardId);
      },
      describe: async (body) => ({
        key: 'kanban.sync.cardResolve',
        name: await cardName(body.cardId),
      }),
    }),
  },
  pull: featurePull<BoardPull[]>({
    fetch: async (getJson) => {
      const { boards } = await getJson<{ boards: BoardSummary[] }>('/api/kanban/boards');
      const held = new Map((await boardsTable().toArray()).map((b) => [b.id, b]));
      return Promise.all(
        boards.map(async (summary): Promise<BoardPull> => {
          const mine = held.get(summary.id);
          if (mine && mine.cursor === summary.cursor && !mine.local)
            return { summary, board: null };
          const answer = await getJson<{ board?: KanbanBoard }>(`/api/kanban/boards/${summary.id}`);
          return { summary, board: answer.board ?? null };
        }),
      );
    },
    write: async (pulled) => {
      const listed = new Set(pulled.map((p) => p.summary.id));
      const dropped = (await boardsTable().toArray())
        .filter((b) => !listed.has(b.id))
        .map((b) => b.id);
      if (dropped.length) await dropBoards(dropped);
      // rows of a device that knew one board only, before boards were tagged
      await columnsTable()
        .filter((c) => !c.boardId)
        .delete();
      await cardsTable()
        .filter((c) => !c.boardId)
        .delete();
      for (const { summary, board } of pulled) {
        if (!board) {
          await boardsTable().update(summary.id, { ...summary });
          continue;
        }
        await columnsTable().where('boardId').equals(summary.id).delete();
        await cardsTable().where('boardId').equals(summary.id).delete();
        await columnsTable().bulkPut(
          Object.values(board.columns).map((c) => ({ ...c, boardId: summary.id })),
        );
        await cardsTable().bulkPut(
          Object.values(board.cards).map((c) => ({ ...c, boardId: summary.id })),
        );
        await boardsTable().put({
          ...summary,
          cursor: board.cursor ?? summary.cursor,
          role: board.role ?? summary.role,
          columnOrder: board.columnOrder,
        });
      }
    },
  }),
});

/** The changes a board's queued rows touch: skipped (a no-op keeps the sequence) with it. */
async function dropBoards(boardIds: string[]) {
  const gone = new Set(boardIds);
  const columns = await columnsTable().where('boardId').anyOf(boardIds).primaryKeys();
  const cards = await cardsTable().where('boardId').anyOf(boardIds).primaryKeys();
  const ids = new Set<string>([...columns, ...cards]);
  const ops = new Set(Object.keys(kanbanSync.operations));
  await db.outbox
    .filter((row) => row.status === 'queued' && !row.skip && ops.has(row.op))
    .modify((row) => {
      const body = JSON.parse(row.request.body) as {
        boardId?: string;
        cardId?: string;
        columnId?: string;
        card?: { id?: string };
      };
      const about = [body.cardId, body.columnId, body.card?.id].filter((x): x is string => !!x);
      if ((body.boardId && gone.has(body.boardId)) || about.some((id) => ids.has(id)))
        row.skip = true;
    });
  await columnsTable().where('boardId').anyOf(boardIds).delete();
  await cardsTable().where('boardId').anyOf(boardIds).delete();
  await boardsTable().bulkDelete(boardIds);
}

/** The stream's `revoked` for a board: dropped now, as the next pull would. */
export async function dropBoardNow(boardId: string) {
  await db.transaction('rw', [boardsTable(), columnsTable(), cardsTable(), db.outbox], () =>
    dropBoards([boardId]),
  );
}

export type KanbanChange = ChangeOf<typeof kanbanSync>;
