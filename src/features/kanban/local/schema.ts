import type { MirrorStore } from '@/lib/db-stores';

export const COLUMN_ORDER_KEY = 'columnOrder';

/** The board's mirror: columns with their ordered card ids, cards by column, and the board's
 *  column order in `meta`. */
export const kanbanStore = {
  tables: { columns: 'id', cards: 'id, columnId' },
  metaKeys: [COLUMN_ORDER_KEY],
} satisfies MirrorStore;
