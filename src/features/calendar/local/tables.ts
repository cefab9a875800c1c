// The calendar's Dexie table (./schema.ts), typed with the contract (listed by ./sync.ts).
import { mirrorTable } from '@/lib/db';

import type { CalendarEvent } from '../../../../server/contracts/calendar';

/** A calendar event as the server sends it (`updatedAt` is absent until the server saw it). */
export type EventRow = Omit<CalendarEvent, 'updatedAt'> & { updatedAt?: string };
export type EventFields = Omit<EventRow, 'id' | 'updatedAt'>;

export const eventsTable = mirrorTable<EventRow, 'id'>('events');
