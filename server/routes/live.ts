// /api/live: the one live stream per tab (server/live/stream.ts) and board presence
// (server/live/presence.ts); docs/live.md describes both.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { presenceLeaveSchema, presenceSchema } from '../contracts/live.ts';
import { parseJson, parseQuery } from '../lib/errors.ts';
import { requireRead } from '../live/access.ts';
import { heartbeat, leave, startPresenceSweeper, viewersOf } from '../live/presence.ts';
import { serveLive } from '../live/stream.ts';

export const liveRoutes = new Hono<AppEnv>();
liveRoutes.use('*', requireUser);

liveRoutes.get('/', serveLive);

liveRoutes.post('/presence', async (c) => {
  const input = await parseJson(c, presenceSchema);
  startPresenceSweeper(c.var.deps);
  const viewers = await c.var.deps.database.db.transaction((tx) =>
    heartbeat(tx, currentUser(c), input),
  );
  return c.json({ viewers });
});

liveRoutes.post('/presence/leave', async (c) => {
  const input = await parseJson(c, presenceLeaveSchema);
  const viewers = await c.var.deps.database.db.transaction((tx) =>
    leave(tx, currentUser(c), input),
  );
  return c.json({ viewers });
});

liveRoutes.get('/presence', async (c) => {
  const { boardId } = parseQuery(c, presenceLeaveSchema.pick({ boardId: true }));
  const db = c.var.deps.database.db;
  await requireRead(db, 'board', boardId, currentUser(c));
  return c.json({ viewers: await viewersOf(db, boardId) });
});
