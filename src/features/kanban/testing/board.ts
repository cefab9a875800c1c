// Test data: a two-column, three-card board written to the device's mirror as a pull from the
// server would, for the board's and the page's component tests.
import { kanbanSync } from '../local/sync';

export const TODO = '0b7d5d1c-1111-4a55-9a4e-000000000001';
export const DOING = '0b7d5d1c-2222-4a55-9a4e-000000000002';
export const A = '7b0c8f4e-0000-4a55-9a4e-00000000000a';
export const B = '7b0c8f4e-0000-4a55-9a4e-00000000000b';
export const C = '7b0c8f4e-0000-4a55-9a4e-00000000000c';

const card = (id: string, name: string, columnId: string) => ({
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
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

/** To do: Alpha, Bravo; Doing: Charlie. */
export function writeThreeCardBoard(): Promise<void> {
  return kanbanSync.pull!.write({
    columnOrder: [TODO, DOING],
    columns: {
      [TODO]: { id: TODO, name: 'To do', cardIds: [A, B] },
      [DOING]: { id: DOING, name: 'Doing', cardIds: [C] },
    },
    cards: {
      [A]: card(A, 'Alpha', TODO),
      [B]: card(B, 'Bravo', TODO),
      [C]: card(C, 'Charlie', DOING),
    },
  });
}
