// /api/calendar: the signed-in user's events (their own calendar, or one shared with them:
// `calendarId`). The rules are server/calendar's;
// every mutation is declared with `mutationPost`, so the offline queue's replays (alone or
// batched) apply exactly once, and runs its write through `writeCalendar`.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import { writeCalendar } from '../calendar/calendar-writes.ts';
import { addEvent, deleteEvent, readCalendar, updateEvent } from '../calendar/events.ts';
import type { AppEnv } from '../context.ts';
import {
  deleteEventSchema,
  eventRangeSchema,
  newEventSchema,
  updateEventSchema,
} from '../contracts/calendar.ts';
import { parseQuery, validate } from '../lib/errors.ts';
import { mutationPost } from '../sync/registry.ts';

export const calendarRoutes = new Hono<AppEnv>();
calendarRoutes.use('*', requireUser);

calendarRoutes.get('/events', async (c) => {
  const range = parseQuery(c, eventRangeSchema);
  const { events, cursor } = await readCalendar(c.var.deps.database.db, currentUser(c), range);
  return c.json({ events, cursor });
});

mutationPost(calendarRoutes, '/events/new', async (tx, body, { user }) => {
  const event = await writeCalendar(tx, user, addEvent, validate(newEventSchema, body));
  return { status: 201, body: { event } };
});

mutationPost(calendarRoutes, '/events/update', async (tx, body, { user }) => {
  const event = await writeCalendar(tx, user, updateEvent, validate(updateEventSchema, body));
  return { status: 200, body: { event } };
});

mutationPost(calendarRoutes, '/events/delete', async (tx, body, { user }) => {
  const answer = await writeCalendar(tx, user, deleteEvent, validate(deleteEventSchema, body));
  return { status: 200, body: answer };
});
