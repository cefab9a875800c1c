// /api/overview: the counts of the post-login home and its latest premieres in one round trip
// (server/overview/counts.ts), scoped by the user.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { overviewOf } from '../overview/counts.ts';

export const overviewRoutes = new Hono<AppEnv>();
overviewRoutes.use('*', requireUser);

overviewRoutes.get('/', async (c) => c.json(await overviewOf(c.var.deps, currentUser(c).id)));
