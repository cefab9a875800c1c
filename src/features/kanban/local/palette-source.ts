import { entry, type LocalSource } from '@/lib/search/local-index';

import { cardsTable } from './tables';

/** Cards as the palette finds them offline: by name and description. */
export const kanbanPaletteSource: LocalSource = {
  table: cardsTable.tableName,
  load: async () =>
    (await cardsTable().toArray()).map((c) =>
      entry(c.name, c.description, c.updatedAt ?? c.createdAt ?? null, {
        kind: 'card',
        id: c.id,
        title: c.name,
        target: { kind: 'card', cardId: c.id },
      }),
    ),
};
