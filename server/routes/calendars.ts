// /api/calendars: the calendars the signed-in user sees (their own and the ones shared with
// them) and each member's own colour and shown flag; the events are /api/calendar's.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { calendarSettingsSchema } from '../contracts/live.ts';
import { parseJson } from '../lib/errors.ts';
import { listCalendars, setCalendarSettings } from '../live/sharing.ts';

export const calendarsRoutes = new Hono<AppEnv>();
calendarsRoutes.use('*', requireUser);

calendarsRoutes.get('/', async (c) =>
  c.json({ calendars: await listCalendars(c.var.deps.database.db, currentUser(c)) }),
);

calendarsRoutes.post('/settings', async (c) => {
  const input = await parseJson(c, calendarSettingsSchema);
  const calendar = await c.var.deps.database.db.transaction((tx) =>
    setCalendarSettings(tx, input, currentUser(c)),
  );
  return c.json({ calendar });
});
