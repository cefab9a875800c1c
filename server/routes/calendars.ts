// /api/calendars: the calendars the signed-in user sees (their own and the ones shared with
// them) and each member's own colour and shown flag; the events are /api/calendar's.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { calendarSettingsSchema } from '../contracts/live.ts';
import { listCalendars, setCalendarSettings } from '../live/sharing.ts';
import { routeGroup } from '../openapi/route.ts';

export const calendarsRoutes = new Hono<AppEnv>();
calendarsRoutes.use('*', requireUser);

const calendars = routeGroup({ tag: 'Calendar', access: 'user' });

const list = calendars('The calendars I see, with my role, colour and shown flag.');
calendarsRoutes.get('/', list, async (c) =>
  c.json({ calendars: await listCalendars(c.var.deps.database.db, currentUser(c)) }),
);

const settings = calendars('Set my own colour and shown flag for a calendar.', {
  body: calendarSettingsSchema,
});
calendarsRoutes.post('/settings', settings, async (c) => {
  const input = c.req.valid('json');
  const calendar = await c.var.deps.database.db.transaction((tx) =>
    setCalendarSettings(tx, input, currentUser(c)),
  );
  return c.json({ calendar });
});
