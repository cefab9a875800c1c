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
import { route } from '../openapi/route.ts';
import { mutationPost } from '../sync/registry.ts';

export const calendarRoutes = new Hono<AppEnv>();
calendarRoutes.use('*', requireUser);

const calendar = { tag: 'Calendar', access: 'user' } as const;

calendarRoutes.get(
  '/events',
  route({
    ...calendar,
    summary: 'The events I see in a date range, with the sync cursor.',
    query: eventRangeSchema,
  }),
  async (c) => {
    const range = c.req.valid('query');
    const { events, cursor } = await readCalendar(c.var.deps.database.db, currentUser(c), range);
    return c.json({ events, cursor });
  },
);

const newEvent = {
  tag: 'Calendar',
  summary: 'Create an event.',
  body: newEventSchema,
  status: 201,
};
mutationPost(calendarRoutes, '/events/new', newEvent, async (tx, input, { user }) => {
  const event = await writeCalendar(tx, user, addEvent, input);
  return { status: 201, body: { event } };
});

const update = { tag: 'Calendar', summary: 'Change an event.', body: updateEventSchema };
mutationPost(calendarRoutes, '/events/update', update, async (tx, input, { user }) => {
  const event = await writeCalendar(tx, user, updateEvent, input);
  return { status: 200, body: { event } };
});

const remove = { tag: 'Calendar', summary: 'Delete an event.', body: deleteEventSchema };
mutationPost(calendarRoutes, '/events/delete', remove, async (tx, input, { user }) => {
  const answer = await writeCalendar(tx, user, deleteEvent, input);
  return { status: 200, body: answer };
});
