// The calendars in the sync registry: their tables, the three event calls (each applied to the
// mirror idempotently: a put, a patch, a delete), the member's own settings of a calendar (its
// colour for them and whether it is shown: a patch of the calendar's row) and the pull (docs/live.md): the list of
// calendars the user sees, then the events of each calendar whose cursor moved (or that changed
// here); a calendar no longer listed is dropped with its events and its queued changes.
import { db } from '@/lib/db';
import { defineFeatureSync, featurePull, operation, type ChangeOf } from '@/lib/sync/registry';

import type { CalendarEvent } from '../../../../server/contracts/calendar';
import type { CalendarSummary } from '../../../../server/contracts/live';
import {
  calendarsTable,
  eventsTable,
  ownCalendar,
  touchCalendar,
  type EventFields,
} from './tables';

/** An event's title from the mirror (a change that carries none: an edit, a delete). */
const storedTitle = async (eventId: string) => (await eventsTable().get(eventId))?.title;
const calendarOf = async (eventId: string) => (await eventsTable().get(eventId))?.calendarId;
const calendarName = async (calendarId: string) => (await calendarsTable().get(calendarId))?.name;

/** POST /api/calendars/settings: a colour, a shown flag or both (docs/live.md). */
export interface CalendarSettingsChange {
  calendarId: string;
  color?: string;
  shown?: boolean;
}

interface CalendarPull {
  summary: CalendarSummary;
  /** null: unchanged since the device's copy */
  events: CalendarEvent[] | null;
}

export const calendarSync = defineFeatureSync({
  name: 'calendar',
  tables: [calendarsTable, eventsTable],
  operations: {
    // without `calendarId`, the user's own calendar (the server's default too)
    'event.create': operation<EventFields & { id: string; calendarId?: string }>({
      path: '/api/calendar/events/new',
      apply: async (body) => {
        const calendarId = body.calendarId ?? (await ownCalendar())?.id;
        await eventsTable().put({ ...body, ...(calendarId ? { calendarId } : {}) });
        await touchCalendar(calendarId);
      },
      describe: (body) => ({ key: 'calendar.sync.eventCreate', name: body.title }),
    }),
    'event.update': operation<{ eventId: string; event: Partial<EventFields> }>({
      path: '/api/calendar/events/update',
      apply: async (body) => {
        await eventsTable().update(body.eventId, body.event);
        await touchCalendar(await calendarOf(body.eventId));
      },
      describe: async (body) => ({
        key: 'calendar.sync.eventUpdate',
        name: body.event.title ?? (await storedTitle(body.eventId)),
      }),
    }),
    'event.delete': operation<{ eventId: string }>({
      path: '/api/calendar/events/delete',
      apply: async (body) => {
        const calendarId = await calendarOf(body.eventId);
        await eventsTable().delete(body.eventId);
        await touchCalendar(calendarId);
      },
      describe: async (body) => ({
        key: 'calendar.sync.eventDelete',
        name: await storedTitle(body.eventId),
      }),
    }),
    'calendar.settings': operation<CalendarSettingsChange>({
      path: '/api/calendars/settings',
      apply: async ({ calendarId, ...settings }) => {
        await calendarsTable().update(calendarId, settings);
      },
      describe: async (body) => ({
        key: 'calendar.sync.settings',
        name: await calendarName(body.calendarId),
      }),
    }),
  },
  pull: featurePull<CalendarPull[]>({
    fetch: async (getJson) => {
      const { calendars } = await getJson<{ calendars: CalendarSummary[] }>('/api/calendars');
      const held = new Map((await calendarsTable().toArray()).map((c) => [c.id, c]));
      return Promise.all(
        calendars.map(async (summary): Promise<CalendarPull> => {
          const mine = held.get(summary.id);
          if (mine && mine.cursor === summary.cursor && !mine.local)
            return { summary, events: null };
          const path =
            summary.role === 'owner'
              ? '/api/calendar/events'
              : `/api/calendar/events?calendarId=${summary.id}`;
          return { summary, events: (await getJson<{ events: CalendarEvent[] }>(path)).events };
        }),
      );
    },
    write: async (pulled) => {
      const listed = new Set(pulled.map((p) => p.summary.id));
      const dropped = (await calendarsTable().toArray())
        .filter((c) => !listed.has(c.id))
        .map((c) => c.id);
      if (dropped.length) await dropCalendars(dropped);
      // events of a device that knew one calendar only, before events were tagged
      await eventsTable()
        .filter((e) => !e.calendarId)
        .delete();
      for (const { summary, events } of pulled) {
        if (events) {
          await eventsTable().where('calendarId').equals(summary.id).delete();
          await eventsTable().bulkPut(events.map((e) => ({ ...e, calendarId: summary.id })));
        }
        await calendarsTable().put({ ...summary });
      }
    },
  }),
});

/** Drops calendars with their events; their queued changes are skipped (a no-op keeps the
 *  sequence), since the server would refuse them. */
async function dropCalendars(calendarIds: string[]) {
  const gone = new Set(calendarIds);
  const events = new Set(await eventsTable().where('calendarId').anyOf(calendarIds).primaryKeys());
  const ops = new Set(Object.keys(calendarSync.operations));
  await db.outbox
    .filter((row) => row.status === 'queued' && !row.skip && ops.has(row.op))
    .modify((row) => {
      const body = JSON.parse(row.request.body) as {
        id?: string;
        eventId?: string;
        calendarId?: string;
      };
      if (
        (body.calendarId && gone.has(body.calendarId)) ||
        events.has(body.eventId ?? body.id ?? '')
      )
        row.skip = true;
    });
  await eventsTable().where('calendarId').anyOf(calendarIds).delete();
  await calendarsTable().bulkDelete(calendarIds);
}

/** The stream's `revoked` for a calendar: dropped now, as the next pull would. */
export async function dropCalendarNow(calendarId: string) {
  await db.transaction('rw', [calendarsTable(), eventsTable(), db.outbox], () =>
    dropCalendars([calendarId]),
  );
}

export type CalendarChange = ChangeOf<typeof calendarSync>;
