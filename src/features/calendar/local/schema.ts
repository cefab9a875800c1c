import type { MirrorStore } from '@/lib/db-stores';

/** The calendars' mirror: every calendar the user sees (their own and the shared ones, each
 *  with the role, cursor and the user's own colour and shown flag for it), and their events,
 *  with start and end indexed (the page reads only the events around the dates on screen) and
 *  the calendar (a calendar taken away is dropped with its events). */
export const calendarStore = {
  tables: { calendars: 'id', events: 'id, start, end, calendarId' },
} satisfies MirrorStore;
