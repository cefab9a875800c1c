import type { MirrorStore } from '@/lib/db-stores';

/** The calendar's mirror: events, with start and end indexed (the page reads only the events
 *  around the dates on screen). */
export const calendarStore = { tables: { events: 'id, start, end' } } satisfies MirrorStore;
