import { entry, type LocalSource } from '@/lib/search/local-index';

import { eventsTable } from './tables';

/** Events as the palette finds them offline: by title and description. */
export const calendarPaletteSource: LocalSource = {
  table: eventsTable.tableName,
  load: async () =>
    (await eventsTable().toArray()).map((e) =>
      entry(e.title, e.description, e.start, {
        kind: 'event',
        id: e.id,
        title: e.title,
        target: { kind: 'event', eventId: e.id, start: e.start },
      }),
    ),
};
