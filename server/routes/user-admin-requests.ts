// User administration: the access requests made on /auth/request-access and channel
// ownership claims (server/users/access-requests.ts, server/catalogue/channel-claim.ts).
import { Hono } from 'hono';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import { decideChannelClaim, listChannelClaims } from '../catalogue/channel-claim.ts';
import type { AppEnv } from '../context.ts';
import {
  accessRequestUpdateSchema,
  channelClaimDecisionSchema,
  channelClaimListQuery,
  idParam,
} from '../contracts/user.ts';
import { routeGroup } from '../openapi/route.ts';
import { decideAccessRequest, listAccessRequests } from '../users/access-requests.ts';

export const adminRequestRoutes = new Hono<AppEnv>();

const admin = routeGroup({ tag: 'User administration', access: 'admin' });

adminRequestRoutes.get('/access-requests', requireAdmin, admin('Account requests.'), async (c) =>
  c.json({ requests: await listAccessRequests(c.var.deps.database.db) }),
);

adminRequestRoutes.patch(
  '/access-requests/:id',
  requireAdmin,
  admin('Accept or decline an account request.', {
    body: accessRequestUpdateSchema,
    params: idParam,
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const decision = c.req.valid('json');
    return c.json({ request: await decideAccessRequest(c.var.deps.database.db, id, decision) });
  },
);

adminRequestRoutes.get(
  '/channel-claims',
  requireAdmin,
  admin('Channel ownership claims.', { query: channelClaimListQuery }),
  async (c) => {
    const { status } = c.req.valid('query');
    return c.json({ claims: await listChannelClaims(c.var.deps.database.db, status) });
  },
);

adminRequestRoutes.patch(
  '/channel-claims/:id',
  requireAdmin,
  admin('Decide a channel claim.', { body: channelClaimDecisionSchema, params: idParam }),
  async (c) => {
    const { id } = c.req.valid('param');
    const { status } = c.req.valid('json');
    await decideChannelClaim(c.var.deps.database.db, id, currentUser(c).id, status);
    return c.json({ ok: true, status });
  },
);
