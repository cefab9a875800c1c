// /api/v1/user: my profile, asking for an account and public profiles by URL name
// (server/users/ holds the rules). Mounted by user.ts before user administration, whose
// `PATCH /:id` would otherwise take `PATCH /profile`.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { accessRequestSchema, profileSchema } from '../contracts/user.ts';
import { routeGroup } from '../openapi/route.ts';
import { requestAccess } from '../users/access-requests.ts';
import { readProfile, updateProfile, userBySlug } from '../users/account.ts';

export const profileRoutes = new Hono<AppEnv>();

const anyone = routeGroup({ tag: 'Account', access: 'public' });
const me = routeGroup({ tag: 'Account', access: 'user' });

profileRoutes.get('/profile', requireUser, me('My profile.'), async (c) =>
  c.json(await readProfile(c.var.deps.database.db, currentUser(c).id)),
);

profileRoutes.patch(
  '/profile',
  requireUser,
  me('Change my profile.', { body: profileSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json(await updateProfile(c.var.deps.database.db, currentUser(c).id, input));
  },
);

profileRoutes.post(
  '/access-request',
  anyone('Ask an administrator for an account.', { body: accessRequestSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    await requestAccess(c.var.deps.database.db, input, c.var.clientIp);
    return c.json({ ok: true }, 201);
  },
);

profileRoutes.get('/by-slug/:slug', anyone("A user's public profile by URL name."), async (c) => {
  const user = await userBySlug(c.var.deps.database.db, c.req.param('slug'));
  return c.json({ user });
});
