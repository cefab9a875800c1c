// User management for admins: list, search and create users (a new user gets a mail to set a
// password), the directory cards, one user's details by slug, changing a user's profile,
// role and status, the access requests made on /auth/request-access and channel claims
// (server/users/ holds the rules). Every change is logged with the acting admin's id and the
// changed field names, never values, tokens or passwords, and kept in the admin actions list
// the edit page shows (GET /:id/admin-actions).
import { Hono } from 'hono';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import { decideChannelClaim, listChannelClaims } from '../catalogue/channel-claim.ts';
import type { AppEnv } from '../context.ts';
import {
  accessRequestUpdateSchema,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  channelClaimDecisionSchema,
  channelClaimListQuery,
  idParam,
  userDirectoryQuerySchema,
  userListQuerySchema,
} from '../contracts/user.ts';
import { notFound, parseJson, parseQuery, validate } from '../lib/errors.ts';
import { decideAccessRequest, listAccessRequests } from '../users/access-requests.ts';
import { adminActionsOn } from '../users/admin-actions.ts';
import {
  managedUser,
  toManagedUser,
  toManagedUserDetails,
  updateManagedUser,
} from '../users/admin-users.ts';
import { listUsers, userCards } from '../users/directory.ts';
import { createAndInvite, resendInvitation } from '../users/invitations.ts';

export const adminRoutes = new Hono<AppEnv>();

adminRoutes.get('/list', requireAdmin, async (c) => {
  const q = parseQuery(c, userListQuerySchema);
  const { rows, total } = await listUsers(c.var.deps.database.db, q);
  return c.json({ users: rows.map(toManagedUser), total, page: q.page, pageSize: q.pageSize });
});

adminRoutes.get('/directory', requireAdmin, async (c) => {
  const q = parseQuery(c, userDirectoryQuerySchema);
  const { cards, total } = await userCards(c.var.deps.database.db, q);
  return c.json({ users: cards, total, page: q.page, pageSize: q.pageSize });
});

adminRoutes.post('/', requireAdmin, async (c) => {
  const input = await parseJson(c, adminUserCreateSchema);
  const { row, invitationSent } = await createAndInvite(c.var.deps, currentUser(c).id, input);
  return c.json({ user: toManagedUser(row), invitationSent }, 201);
});

adminRoutes.get('/manage/:slug', requireAdmin, async (c) => {
  const row = await managedUser(c.var.deps.database.db, { slug: c.req.param('slug') });
  if (!row) throw notFound('No user with this name.');
  return c.json({ user: toManagedUserDetails(row) });
});

adminRoutes.post('/:id/invitation', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  await resendInvitation(c.var.deps, currentUser(c).id, id);
  return c.json({ ok: true });
});

adminRoutes.get('/:id/admin-actions', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  const db = c.var.deps.database.db;
  if (!(await managedUser(db, { id }))) throw notFound('No such user.');
  return c.json({ actions: await adminActionsOn(db, id) });
});

adminRoutes.get('/access-requests', requireAdmin, async (c) =>
  c.json({ requests: await listAccessRequests(c.var.deps.database.db) }),
);

adminRoutes.patch('/access-requests/:id', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  const decision = await parseJson(c, accessRequestUpdateSchema);
  return c.json({ request: await decideAccessRequest(c.var.deps.database.db, id, decision) });
});

adminRoutes.get('/channel-claims', requireAdmin, async (c) => {
  const { status } = parseQuery(c, channelClaimListQuery);
  return c.json({ claims: await listChannelClaims(c.var.deps.database.db, status) });
});

adminRoutes.patch('/channel-claims/:id', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  const { status } = await parseJson(c, channelClaimDecisionSchema);
  await decideChannelClaim(c.var.deps.database.db, id, currentUser(c).id, status);
  return c.json({ ok: true, status });
});

adminRoutes.patch('/:id', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  const input = await parseJson(c, adminUserUpdateSchema);
  const after = await updateManagedUser(c.var.deps, currentUser(c).id, id, input);
  return c.json({ user: toManagedUserDetails(after) });
});
