// The calendars' Dexie tables (./schema.ts), typed with the contract (listed by ./sync.ts).
import { mirrorTable } from '@/lib/db';

import type { CalendarEvent } from '../../../../server/contracts/calendar';
import type { CalendarSummary } from '../../../../server/contracts/live';

/** A calendar event as the server sends it (`updatedAt` and `rev` are absent until the server
 *  saw it; `calendarId` until the first pull, on a device that held one calendar only). */
export type EventRow = Omit<CalendarEvent, 'updatedAt' | 'rev' | 'calendarId'> & {
  updatedAt?: string;
  rev?: number;
  calendarId?: string;
};
export type EventFields = Omit<EventRow, 'id' | 'updatedAt' | 'rev' | 'calendarId'>;

/** A calendar as the device knows it. `local`: changed here since the server's snapshot, so
 *  the next pull fetches it even if its cursor did not move. */
export type CalendarRow = CalendarSummary & { local?: boolean };

export const calendarsTable = mirrorTable<CalendarRow, 'id'>('calendars');
export const eventsTable = mirrorTable<EventRow, 'id'>('events');

export async function ownCalendar(): Promise<CalendarRow | undefined> {
  return (await calendarsTable().toArray()).find((c) => c.role === 'owner');
}

export async function touchCalendar(calendarId: string | undefined) {
  if (calendarId) await calendarsTable().update(calendarId, { local: true });
}
