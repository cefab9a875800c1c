// Test data: boards written to the device's mirror as a pull from the server would, for the
// board's and the page's component tests: the user's own two-column, three-card board, and a
// board shared with them (with the role asked for) holding one card with a conflict record.
import type { KanbanBoard, KanbanCard } from '../../../../server/contracts/kanban';
import type { BoardSummary, ConflictRecord, Role } from '../../../../server/contracts/live';
import { kanbanSync } from '../local/sync';

export const BOARD = '0b7d5d1c-0000-4a55-9a4e-0000000000b1';
export const SHARED = '0b7d5d1c-0000-4a55-9a4e-0000000000b2';
export const TODO = '0b7d5d1c-1111-4a55-9a4e-000000000001';
export const DOING = '0b7d5d1c-2222-4a55-9a4e-000000000002';
export const IDEAS = '0b7d5d1c-3333-4a55-9a4e-000000000003';
export const A = '7b0c8f4e-0000-4a55-9a4e-00000000000a';
export const B = '7b0c8f4e-0000-4a55-9a4e-00000000000b';
export const C = '7b0c8f4e-0000-4a55-9a4e-00000000000c';
export const D = '7b0c8f4e-0000-4a55-9a4e-00000000000d';
export const ME = { id: '11111111-0000-4a55-9a4e-000000000001', name: 'Dana Demo', email: 'demo@clipdeck.dev' };
export const SAM = { id: '11111111-0000-4a55-9a4e-000000000002', name: 'Sam Rivera', email: 'sam@clipdeck.dev' };

const card = (id: string, name: string, columnId: string, rank: string, conflicts: ConflictRecord[] = []): KanbanCard => ({
  id,
  columnId,
  name,
  description: '',
  assignees: [],
  priority: 'medium' as const,
  due: null,
  labels: [],
  checklist: [],
  completed: false,
  rank,
  rev: 1,
  conflicts,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const summary = (id: string, name: string, role: Role, owner = ME): BoardSummary => ({ id, name, owner, role, cursor: 5 });

const own = (): KanbanBoard => ({
  id: BOARD,
  name: 'Dana’s board',
  role: 'owner',
  cursor: 5,
  columnOrder: [TODO, DOING],
  columns: {
    [TODO]: { id: TODO, name: 'To do', rank: 'a0', cardIds: [A, B] },
    [DOING]: { id: DOING, name: 'Doing', rank: 'a1', cardIds: [C] },
  },
  cards: {
    [A]: card(A, 'Alpha', TODO, 'a0'),
    [B]: card(B, 'Bravo', TODO, 'a1'),
    [C]: card(C, 'Charlie', DOING, 'a0'),
  },
});

/** A conflict: Sam renamed the card while this user (`yours`) was offline renaming it too. */
export const RENAME_CONFLICT: ConflictRecord = {
  id: '22222222-0000-4a55-9a4e-000000000001',
  field: 'name',
  yours: { value: 'Delta (mine)', by: { id: ME.id, name: ME.name }, at: '2026-11-21T10:00:00.000Z' },
  theirs: { value: 'Delta (Sam)', by: { id: SAM.id, name: SAM.name }, at: '2026-11-21T09:00:00.000Z' },
  at: '2026-11-21T10:00:00.000Z',
};

const shared = (role: Role): KanbanBoard => ({
  id: SHARED,
  name: 'Launch plan',
  role,
  cursor: 5,
  columnOrder: [IDEAS],
  columns: { [IDEAS]: { id: IDEAS, name: 'Ideas', rank: 'a0', cardIds: [D] } },
  cards: { [D]: card(D, 'Delta (mine)', IDEAS, 'a0', [RENAME_CONFLICT]) },
});

/** To do: Alpha, Bravo; Doing: Charlie. */
export function writeThreeCardBoard(): Promise<void> {
  return kanbanSync.pull!.write([{ summary: summary(BOARD, 'Dana’s board', 'owner'), board: own() }]);
}

/** The user's own board, and Sam's "Launch plan" shared with them as `role`. */
export function writeSharedBoards(role: Role): Promise<void> {
  return kanbanSync.pull!.write([
    { summary: summary(BOARD, 'Dana’s board', 'owner'), board: own() },
    { summary: summary(SHARED, 'Launch plan', role, SAM), board: shared(role) },
  ]);
}

/** The user's own board, with nothing on it yet. */
export function writeEmptyBoard(): Promise<void> {
  return kanbanSync.pull!.write([
    {
      summary: summary(BOARD, 'Dana’s board', 'owner'),
      board: { id: BOARD, name: 'Dana’s board', role: 'owner', cursor: 0, columnOrder: [], columns: {}, cards: {} },
    },
  ]);
}
