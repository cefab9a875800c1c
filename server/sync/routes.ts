// /api/sync: the queue's own calls. `skip` spends a sequence number on nothing, so a change the
// user discarded before it was sent leaves no gap; `state` tells a client where the server is.
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { syncClients } from '../db/schema/index.ts';
import { route } from '../openapi/route.ts';
import { mutationPost } from './registry.ts';

export const syncRoutes = new Hono<AppEnv>();
syncRoutes.use('*', requireUser);

const skip = {
  tag: 'Sync',
  summary: 'Spend a sequence number on nothing (a discarded offline change).',
};
mutationPost(syncRoutes, '/skip', skip, () =>
  Promise.resolve({ status: 200, body: { skipped: true } }),
);

export const stateQuery = z.object({ clientId: z.string().min(1).max(64) });

const state = route({
  tag: 'Sync',
  access: 'user',
  summary: "A client's last applied sequence number.",
  query: stateQuery,
});
syncRoutes.get('/state', state, async (c) => {
  const { clientId } = c.req.valid('query');
  const [row] = await c.var.deps.database.db
    .select({ lastSeq: syncClients.lastSeq })
    .from(syncClients)
    .where(and(eq(syncClients.userId, currentUser(c).id), eq(syncClients.clientId, clientId)));
  return c.json({ clientId, lastSeq: row?.lastSeq ?? 0 });
});
