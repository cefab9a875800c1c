// User management for admins: list, search and create users (a new user gets a mail to set a
// password), the directory cards, one user's details by slug, changing a user's profile,
// role and status (server/users/ holds the rules; access requests and channel claims are
// user-admin-requests.ts's). Every change is logged with the acting admin's id and the changed
// field names, never values, tokens or passwords, and kept in the admin actions list the edit
// page shows (GET /:id/admin-actions).
import { Hono } from 'hono';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  idParam,
  userDirectoryQuerySchema,
  userListQuerySchema,
} from '../contracts/user.ts';
import { notFound } from '../lib/errors.ts';
import { routeGroup } from '../openapi/route.ts';
import { adminActionsOn } from '../users/admin-actions.ts';
import {
  managedUser,
  toManagedUser,
  toManagedUserDetails,
  updateManagedUser,
} from '../users/admin-users.ts';
import { listUsers, userCards } from '../users/directory.ts';
import { createAndInvite, resendInvitation } from '../users/invitations.ts';
import { adminRequestRoutes } from './user-admin-requests.ts';

export const adminRoutes = new Hono<AppEnv>();

const admin = routeGroup({ tag: 'User administration', access: 'admin' });

adminRoutes.get(
  '/list',
  requireAdmin,
  admin('Users, paged and filtered.', { query: userListQuerySchema }),
  async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await listUsers(c.var.deps.database.db, q);
    return c.json({ users: rows.map(toManagedUser), total, page: q.page, pageSize: q.pageSize });
  },
);

adminRoutes.get(
  '/directory',
  requireAdmin,
  admin('The user directory with its totals.', { query: userDirectoryQuerySchema }),
  async (c) => {
    const q = c.req.valid('query');
    const { cards, total } = await userCards(c.var.deps.database.db, q);
    return c.json({ users: cards, total, page: q.page, pageSize: q.pageSize });
  },
);

adminRoutes.post(
  '/',
  requireAdmin,
  admin('Create a user; an invitation mail sets the password.', {
    body: adminUserCreateSchema,
    status: 201,
  }),
  async (c) => {
    const input = c.req.valid('json');
    const { row, invitationSent } = await createAndInvite(c.var.deps, currentUser(c).id, input);
    return c.json({ user: toManagedUser(row), invitationSent }, 201);
  },
);

adminRoutes.get('/manage/:slug', requireAdmin, admin('One user, for the edit form.'), async (c) => {
  const row = await managedUser(c.var.deps.database.db, { slug: c.req.param('slug') });
  if (!row) throw notFound('No user with this name.');
  return c.json({ user: toManagedUserDetails(row) });
});

adminRoutes.post(
  '/:id/invitation',
  requireAdmin,
  admin('Send the invitation mail again.', { params: idParam }),
  async (c) => {
    const { id } = c.req.valid('param');
    await resendInvitation(c.var.deps, currentUser(c).id, id);
    return c.json({ ok: true });
  },
);

adminRoutes.get(
  '/:id/admin-actions',
  requireAdmin,
  admin('What admins did to the account, newest first.', { params: idParam }),
  async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.deps.database.db;
    if (!(await managedUser(db, { id }))) throw notFound('No such user.');
    return c.json({ actions: await adminActionsOn(db, id) });
  },
);

adminRoutes.patch(
  '/:id',
  requireAdmin,
  admin("Change a user's details, role or status.", {
    body: adminUserUpdateSchema,
    params: idParam,
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const after = await updateManagedUser(c.var.deps, currentUser(c).id, id, input);
    return c.json({ user: toManagedUserDetails(after) });
  },
);

adminRoutes.route('/', adminRequestRoutes);
