// The calendar in the sync registry: its table, its three calls (each applied to the mirror
// idempotently: a put, a patch, a delete) and its pull (every event of the user).
import { defineFeatureSync, featurePull, operation, type ChangeOf } from '@/lib/sync/registry';

import type { CalendarEvent } from '../../../../server/contracts/calendar';
import { eventsTable, type EventFields } from './tables';

/** An event's title from the mirror (a change that carries none: an edit, a delete). */
const storedTitle = async (eventId: string) => (await eventsTable().get(eventId))?.title;

export const calendarSync = defineFeatureSync({
  name: 'calendar',
  tables: [eventsTable],
  operations: {
    'event.create': operation<EventFields & { id: string }>({
      path: '/api/calendar/events/new',
      apply: async (body) => void (await eventsTable().put({ ...body })),
      describe: (body) => ({ key: 'calendar.sync.eventCreate', name: body.title }),
    }),
    'event.update': operation<{ eventId: string; event: Partial<EventFields> }>({
      path: '/api/calendar/events/update',
      apply: async (body) => void (await eventsTable().update(body.eventId, body.event)),
      describe: async (body) => ({
        key: 'calendar.sync.eventUpdate',
        name: body.event.title ?? (await storedTitle(body.eventId)),
      }),
    }),
    'event.delete': operation<{ eventId: string }>({
      path: '/api/calendar/events/delete',
      apply: (body) => eventsTable().delete(body.eventId),
      describe: async (body) => ({ key: 'calendar.sync.eventDelete', name: await storedTitle(body.eventId) }),
    }),
  },
  pull: featurePull<CalendarEvent[]>({
    fetch: async (getJson) => (await getJson<{ events: CalendarEvent[] }>('/api/calendar/events')).events,
    write: async (events) => {
      await eventsTable().clear();
      await eventsTable().bulkPut(events);
    },
  }),
});

export type CalendarChange = ChangeOf<typeof calendarSync>;
