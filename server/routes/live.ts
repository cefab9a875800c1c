// /api/live: the one live stream per tab (server/live/stream.ts) and board presence
// (server/live/presence.ts); docs/live.md describes both.
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { presenceLeaveSchema, presenceSchema } from '../contracts/live.ts';
import { boardViewers, heartbeat, leave, startPresenceSweeper } from '../live/presence.ts';
import { serveLive } from '../live/stream.ts';
import { routeGroup } from '../openapi/route.ts';

export const liveRoutes = new Hono<AppEnv>();
liveRoutes.use('*', requireUser);

const live = routeGroup({ tag: 'Live', access: 'user' });

// serveLive reads the cursor itself (Last-Event-ID first); one it cannot read starts afresh
const streamQuery = z.object({
  cursor: z
    .string()
    .optional()
    .meta({ description: 'The last event id seen, when Last-Event-ID cannot be sent.' }),
});
const stream = live('The live stream: notices, presence and access (server-sent events).', {
  query: streamQuery,
  produces: 'text/event-stream',
  stream: true,
});
liveRoutes.get('/', stream, serveLive);

const beat = live('A heartbeat from a tab showing a board.', { body: presenceSchema });
liveRoutes.post('/presence', beat, async (c) => {
  const input = c.req.valid('json');
  startPresenceSweeper(c.var.deps);
  const viewers = await c.var.deps.database.db.transaction((tx) =>
    heartbeat(tx, currentUser(c), input),
  );
  return c.json({ viewers });
});

const away = live('A tab stops showing a board.', { body: presenceLeaveSchema });
liveRoutes.post('/presence/leave', away, async (c) => {
  const input = c.req.valid('json');
  const viewers = await c.var.deps.database.db.transaction((tx) =>
    leave(tx, currentUser(c), input),
  );
  return c.json({ viewers });
});

const viewers = live('Who is looking at a board now.', {
  query: presenceLeaveSchema.pick({ boardId: true }),
});
liveRoutes.get('/presence', viewers, async (c) => {
  const { boardId } = c.req.valid('query');
  return c.json({ viewers: await boardViewers(c.var.deps.database.db, currentUser(c), boardId) });
});
