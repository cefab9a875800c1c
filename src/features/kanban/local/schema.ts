import type { MirrorStore } from '@/lib/db-stores';

export const COLUMN_ORDER_KEY = 'columnOrder';

/** The boards' mirror: every board the user sees (their own and the ones shared with them,
 *  each with its role, cursor and column order), their columns with ordered card ids, and
 *  their cards, each row tagged with its board. (`meta.columnOrder` is what a device that
 *  knew one board only kept; it is wiped with the user's data.) */
export const kanbanStore = {
  tables: { boards: 'id', columns: 'id, boardId', cards: 'id, columnId, boardId' },
  metaKeys: [COLUMN_ORDER_KEY],
} satisfies MirrorStore;
