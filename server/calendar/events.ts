// Calendar events: reading a range, and the writes (each a function of transaction, user and
// validated input, run through `writeCalendar`, calendar-writes.ts). Every user owns one
// calendar and may share it (server/live/access.ts: who reads, who writes; a viewer's write is
// a 403, an outsider's a 404). A calendar holds MAX_EVENTS_PER_USER events (422 naming
// `calendar` past that); an id the client chose and another event already has is a 409.
// Updating an event that is gone is a 404 the client lists; deleting one that is gone succeeds
// (deletes win). Fields merge last-writer-wins in server order.
import { and, count, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';

import type { AuthUser } from '../context.ts';
import {
  MAX_EVENTS_PER_USER,
  type CalendarEvent,
  type deleteEventSchema,
  type EventColor,
  type eventRangeSchema,
  type newEventSchema,
  type updateEventSchema,
} from '../contracts/calendar.ts';
import type { Executor } from '../db/client.ts';
import { calendarEvents } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors.ts';
import { beginWrite, cursorOf, ownId, requireRead } from '../live/access.ts';

/** Whose calendar is read or changed. */
export type CalendarUser = Pick<AuthUser, 'id'>;
type EventRow = typeof calendarEvents.$inferSelect;

export function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    calendarId: row.calendarId,
    rev: Number(row.rev),
    title: row.title,
    description: row.description,
    color: row.color as EventColor,
    allDay: row.allDay,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's own calendar, made on first use. */
export const ownCalendarId = (tx: Executor, user: CalendarUser) => ownId(tx, 'calendar', user);

/** The events of a calendar the user sees (their own by default) and its cursor; 404 otherwise. */
export async function readCalendar(
  db: Executor,
  user: CalendarUser,
  range: z.infer<typeof eventRangeSchema>,
): Promise<{ events: CalendarEvent[]; cursor: number; calendarId: string }> {
  const calendarId = range.calendarId ?? (await ownCalendarId(db, user));
  await requireRead(db, 'calendar', calendarId, user);
  const cursor = await cursorOf(db, 'calendar', calendarId);
  return { events: await listEvents(db, user, { ...range, calendarId }), cursor, calendarId };
}

/** The events that overlap the range (either end open), by start. */
export async function listEvents(
  db: Executor,
  user: CalendarUser,
  range: z.infer<typeof eventRangeSchema>,
): Promise<CalendarEvent[]> {
  const calendarId = range.calendarId ?? (await ownCalendarId(db, user));
  const where = [eq(calendarEvents.calendarId, calendarId)];
  if (range.start) where.push(gte(calendarEvents.end, new Date(range.start)));
  if (range.end) where.push(lte(calendarEvents.start, new Date(range.end)));
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(...where))
    .orderBy(calendarEvents.start);
  return rows.map(toEvent);
}

export async function addEvent(
  tx: Executor,
  user: CalendarUser,
  input: z.infer<typeof newEventSchema>,
): Promise<CalendarEvent> {
  const calendarId = input.calendarId ?? (await ownCalendarId(tx, user));
  const rev = await beginWrite(tx, 'calendar', calendarId, user);
  const [held] = await tx
    .select({ n: count() })
    .from(calendarEvents)
    .where(eq(calendarEvents.calendarId, calendarId));
  if (Number(held?.n ?? 0) >= MAX_EVENTS_PER_USER) {
    throw new ApiError(
      422,
      `Your calendar is full: it holds ${MAX_EVENTS_PER_USER} events at most. Delete old events to add new ones.`,
      { calendar: `${MAX_EVENTS_PER_USER} events at most.` },
    );
  }
  try {
    const [row] = await tx
      .insert(calendarEvents)
      .values({
        ...(input.id ? { id: input.id } : {}),
        userId: user.id,
        calendarId,
        rev,
        title: input.title,
        description: input.description,
        color: input.color,
        allDay: input.allDay,
        start: new Date(input.start),
        end: new Date(input.end),
      })
      .returning();
    return toEvent(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('An event with this id already exists.', { id: 'Taken.' });
    throw error;
  }
}

/** Sets the fields sent; the end may not come before the start, sent or kept. */
export async function updateEvent(
  tx: Executor,
  user: CalendarUser,
  { eventId, event }: z.infer<typeof updateEventSchema>,
): Promise<CalendarEvent> {
  const mine = eq(calendarEvents.id, eventId);
  const [existing] = await tx.select().from(calendarEvents).where(mine);
  if (!existing) throw notFound('This event no longer exists.');
  const rev = await beginWrite(tx, 'calendar', existing.calendarId, user);
  const start = event.start ? new Date(event.start) : existing.start;
  const end = event.end ? new Date(event.end) : existing.end;
  if (end < start) {
    throw badRequest('The end must not be before the start.', {
      end: 'The end must not be before the start.',
    });
  }
  const [row] = await tx
    .update(calendarEvents)
    .set({ ...event, start, end, rev, updatedAt: new Date() })
    .where(mine)
    .returning();
  return toEvent(row!);
}

export async function deleteEvent(
  tx: Executor,
  user: CalendarUser,
  { eventId }: z.infer<typeof deleteEventSchema>,
): Promise<{ eventId: string; deleted: boolean }> {
  const [existing] = await tx
    .select({ calendarId: calendarEvents.calendarId })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, eventId));
  if (!existing) return { eventId, deleted: false };
  await beginWrite(tx, 'calendar', existing.calendarId, user);
  await tx.delete(calendarEvents).where(eq(calendarEvents.id, eventId));
  return { eventId, deleted: true };
}
