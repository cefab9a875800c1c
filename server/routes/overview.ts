// /api/overview: the counts of the post-login home and its latest premieres in one round trip
// (server/overview/counts.ts), scoped by the user.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { routeGroup } from '../openapi/route.ts';
import { overviewOf } from '../overview/counts.ts';

export const overviewRoutes = new Hono<AppEnv>();
overviewRoutes.use('*', requireUser);
const overview = routeGroup({ tag: 'Overview', access: 'user' });

overviewRoutes.get('/', overview("The dashboard's overview figures."), async (c) =>
  c.json(await overviewOf(c.var.deps, currentUser(c).id)),
);
