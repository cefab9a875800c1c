// /api/calendars: the calendars the signed-in user sees (their own and the ones shared with
// them) and each member's own colour and shown flag, set with `mutationPost` so the offline
// queue's replays (alone or batched) apply exactly once; the events are /api/calendar's.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { calendarSettingsSchema } from '../contracts/live.ts';
import { listCalendars, setCalendarSettings } from '../live/sharing.ts';
import { routeGroup } from '../openapi/route.ts';
import { mutationPost } from '../sync/registry.ts';

export const calendarsRoutes = new Hono<AppEnv>();
calendarsRoutes.use('*', requireUser);

const calendars = routeGroup({ tag: 'Calendar', access: 'user' });

const list = calendars('The calendars I see, with my role, colour and shown flag.');
calendarsRoutes.get('/', list, async (c) =>
  c.json({ calendars: await listCalendars(c.var.deps.database.db, currentUser(c)) }),
);

const settings = {
  tag: 'Calendar',
  summary: 'Set my own colour and shown flag for a calendar.',
  body: calendarSettingsSchema,
};
mutationPost(calendarsRoutes, '/settings', settings, async (tx, input, { user }) => {
  const calendar = await setCalendarSettings(tx, input, user);
  return { status: 200, body: { calendar } };
});
