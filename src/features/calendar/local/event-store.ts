// Calendar events as the page sees them: read from the Dexie mirror (live), written only
// through the sync queue so every change works offline and reaches the server once.
import { saveChange } from '@/components/sync/save-change';
import { startFirstRead, useLiveRead } from '@/lib/first-read';

import type { CalendarChange } from './sync';
import { eventsTable, type EventFields, type EventRow } from './tables';

export type { EventFields };

const save = (change: CalendarChange) => saveChange(change);

const DAY_MS = 86_400_000;

/** The events that overlap [from, to] (epoch ms). Those that start in it come from one read
 *  of the `start` index's range; of those that started before it, only the keys are read from
 *  the start and end indexes, then only the ones still on: a calendar may hold thousands, and
 *  reading events one by one costs far more than a range. The index bounds are a day wider (a
 *  time written with an offset sorts by its local digits); the overlap itself is checked on the
 *  events read. In start order. */
export async function eventsBetween(from: number, to: number): Promise<EventRow[]> {
  const low = new Date(from - DAY_MS).toISOString();
  const high = new Date(to + DAY_MS).toISOString();
  const [startingIn, startedBefore, endingAfter] = await Promise.all([
    eventsTable().where('start').between(low, high, true, true).toArray(),
    eventsTable().where('start').below(low).primaryKeys(),
    eventsTable().where('end').aboveOrEqual(low).primaryKeys(),
  ]);
  const ending = new Set(endingAfter);
  const stillOn = await eventsTable().bulkGet(startedBefore.filter((id) => ending.has(id)));
  return [...stillOn, ...startingIn].filter(
    (e): e is EventRow => !!e && Date.parse(e.end) >= from && Date.parse(e.start) <= to,
  );
}

/** The dates whose events the calendar is given (epoch ms). */
export interface ShownRange {
  start: number;
  end: number;
}

/** Dates that hold everything the first view shows (the month's grid runs from the week of
 *  the 1st for six weeks), so the first paint needs no second read once the view says which. */
export function firstRange(
  view: 'month' | 'week' | 'day' | 'agenda',
  now = new Date(),
): ShownRange {
  if (view === 'month') {
    const first = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
    return { start: first - 7 * DAY_MS, end: first + 43 * DAY_MS };
  }
  return { start: now.getTime() - 8 * DAY_MS, end: now.getTime() + 8 * DAY_MS };
}

const eventsRead = (from: number, to: number) => `calendar:events\n${from}\n${to}`;
const COUNT_READ = 'calendar:count';
const countEvents = () => eventsTable().count();

/** The first view's events and the count, read as the app boots on the calendar's page
 *  (src/app/first-reads.ts); `view` as the page will choose it. */
export function startFirstEventReads(view: 'month' | 'agenda') {
  startFirstRead(COUNT_READ, countEvents);
  // (the agenda's dates run from the moment the page renders: it reads for itself)
  if (view !== 'month') return;
  const { start, end } = firstRange(view);
  startFirstRead(eventsRead(start, end), () => eventsBetween(start, end));
}

/** The stored events around the dates on screen, or undefined while Dexie opens (the loading
 *  state); a new range keeps the last answer until its own arrives. */
export function useEventsBetween(from: number, to: number): EventRow[] | undefined {
  // (an equal answer keeps its array: the calendar takes in every event again from a new one)
  return useLiveRead(eventsRead(from, to), () => eventsBetween(from, to), [from, to]);
}

/** How many events the device holds (from the index: none is read). */
export function useEventCount(): number | undefined {
  return useLiveRead(COUNT_READ, countEvents, []);
}

/** A new event in `calendarId` (one the user owns or edits; absent: their own). */
export async function createEvent(fields: EventFields, calendarId?: string): Promise<string> {
  const id = crypto.randomUUID();
  await save({
    op: 'event.create',
    body: { ...fields, id, ...(calendarId ? { calendarId } : {}) },
  });
  return id;
}

/** Sends only the fields that differ from the stored event (docs/offline-and-sync.md). */
export async function updateEvent(
  before: EventRow,
  fields: Partial<EventFields>,
): Promise<boolean> {
  const changed: Partial<EventFields> = {};
  for (const key of Object.keys(fields) as (keyof EventFields)[]) {
    if (fields[key] !== undefined && fields[key] !== before[key]) {
      (changed as Record<string, unknown>)[key] = fields[key];
    }
  }
  if (Object.keys(changed).length === 0) return false;
  await save({ op: 'event.update', body: { eventId: before.id, event: changed } });
  return true;
}

export async function deleteEvent(eventId: string): Promise<void> {
  await save({ op: 'event.delete', body: { eventId } });
}
