// /api/calendar: the signed-in user's events (spec point 7). Every mutation is declared with
// `mutationPost`, so the offline queue's replays (alone or batched) apply exactly once. Deleting an event that is
// already gone succeeds (deletes win); updating one that is gone is a 404 the client lists.
import { and, count, eq, gte, lte } from 'drizzle-orm';
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  deleteEventSchema,
  eventRangeSchema,
  MAX_EVENTS_PER_USER,
  newEventSchema,
  updateEventSchema,
  type CalendarEvent,
  type EventColor,
} from '../contracts/calendar.ts';
import type { Executor } from '../db/client.ts';
import { calendarEvents } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, badRequest, conflict, notFound, parseQuery, validate } from '../lib/errors.ts';
import { mutationPost } from '../sync/registry.ts';

type EventRow = typeof calendarEvents.$inferSelect;

export function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    color: row.color as EventColor,
    allDay: row.allDay,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findEvent(tx: Executor, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)));
  return row;
}

export const calendarRoutes = new Hono<AppEnv>();
calendarRoutes.use('*', requireUser);

calendarRoutes.get('/events', async (c) => {
  const range = parseQuery(c, eventRangeSchema);
  const userId = currentUser(c).id;
  const where = [eq(calendarEvents.userId, userId)];
  if (range.start) where.push(gte(calendarEvents.end, new Date(range.start)));
  if (range.end) where.push(lte(calendarEvents.start, new Date(range.end)));
  const rows = await c.var.deps.database.db
    .select()
    .from(calendarEvents)
    .where(and(...where))
    .orderBy(calendarEvents.start);
  return c.json({ events: rows.map(toEvent) });
});

/**
 * Adds one event to a user's calendar within MAX_EVENTS_PER_USER (422 naming `calendar` past
 * it; 409 for a taken id). The route below and other features that put events in a user's
 * calendar (bookings) go through it.
 */
export async function insertCalendarEvent(
  tx: Executor,
  userId: string,
  input: ReturnType<typeof newEventSchema.parse>,
): Promise<EventRow> {
  const [held] = await tx
    .select({ n: count() })
    .from(calendarEvents)
    .where(eq(calendarEvents.userId, userId));
  if (Number(held?.n ?? 0) >= MAX_EVENTS_PER_USER) {
    throw new ApiError(
      422,
      `Your calendar is full: it holds ${MAX_EVENTS_PER_USER} events at most. Delete old events to add new ones.`,
      { calendar: `${MAX_EVENTS_PER_USER} events at most.` },
    );
  }
  let row: EventRow | undefined;
  try {
    [row] = await tx
      .insert(calendarEvents)
      .values({
        ...(input.id ? { id: input.id } : {}),
        userId,
        title: input.title,
        description: input.description,
        color: input.color,
        allDay: input.allDay,
        start: new Date(input.start),
        end: new Date(input.end),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('An event with this id already exists.', { id: 'Taken.' });
    throw error;
  }
  return row!;
}

mutationPost(calendarRoutes, '/events/new', async (tx, body, { user }) => {
  const input = validate(newEventSchema, body);
  const row = await insertCalendarEvent(tx, user.id, input);
  return { status: 201, body: { event: toEvent(row) } };
});

mutationPost(calendarRoutes, '/events/update', async (tx, body, { user }) => {
  const { eventId, event } = validate(updateEventSchema, body);
  const userId = user.id;
  const existing = await findEvent(tx, userId, eventId);
  if (!existing) throw notFound('This event no longer exists.');
  const start = event.start ? new Date(event.start) : existing.start;
  const end = event.end ? new Date(event.end) : existing.end;
  if (end < start) {
    throw badRequest('The end must not be before the start.', {
      end: 'The end must not be before the start.',
    });
  }
  const [row] = await tx
    .update(calendarEvents)
    .set({ ...event, start, end, updatedAt: new Date() })
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.userId, userId)))
    .returning();
  return { status: 200, body: { event: toEvent(row!) } };
});

mutationPost(calendarRoutes, '/events/delete', async (tx, body, { user }) => {
  const { eventId } = validate(deleteEventSchema, body);
  const deleted = await tx
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.id, eventId), eq(calendarEvents.userId, user.id)))
    .returning({ id: calendarEvents.id });
  return { status: 200, body: { eventId, deleted: deleted.length > 0 } };
});
