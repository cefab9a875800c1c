// The calendar's Dexie table, typed with the contract (declared here, listed by ./sync.ts).
import { mirrorTable } from '@/lib/db';

import type { CalendarEvent } from '../../../../server/contracts/calendar';

/** A calendar event as the server sends it (`updatedAt` is absent until the server saw it). */
export type EventRow = Omit<CalendarEvent, 'updatedAt'> & { updatedAt?: string };
export type EventFields = Omit<EventRow, 'id' | 'updatedAt'>;

// start and end are indexed: the page reads only the events around the dates on screen
export const eventsTable = mirrorTable<EventRow, 'id'>('events', 'id, start, end');
