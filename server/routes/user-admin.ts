// User management for admins: list, search and create users (a new user gets a mail to set a
// password), the directory cards, one user's details by slug, changing a user's profile,
// role and status (server/users/admin-users.ts holds the rules), and the access requests made
// on /auth/request-access and channel claims. Every change is logged with the acting admin's
// id and the changed field names, never values, tokens or passwords, and kept in the admin
// actions list the edit page shows (GET /:id/admin-actions, server/users/admin-actions.ts).
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import { decideChannelClaim, listChannelClaims } from '../catalogue/channel-claim.ts';
import type { AppEnv } from '../context.ts';
import {
  accessRequestUpdateSchema,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  channelClaimDecisionSchema,
  channelClaimListQuery,
  userDirectoryQuerySchema,
  userListQuerySchema,
} from '../contracts/user.ts';
import { accessRequests, users } from '../db/schema/index.ts';
import { ApiError, conflict, notFound, parseJson, parseQuery, validate } from '../lib/errors.ts';
import { adminActionsOn } from '../users/admin-actions.ts';
import {
  changedFields,
  createManagedUser,
  sendInvitation,
  toManagedUser,
  toManagedUserDetails,
  updateManagedUser,
} from '../users/admin-users.ts';
import { listUsers, userCards } from '../users/directory.ts';

export const adminRoutes = new Hono<AppEnv>();

export const idParam = z.object({ id: z.uuid('Must be a valid id.') });

async function loadById(c: { var: AppEnv['Variables'] }, id: string) {
  const [row] = await c.var.deps.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The acting admin, named as their invitations name them. */
async function actor(c: { var: AppEnv['Variables'] }) {
  const { id } = currentUser(c);
  const row = await loadById(c, id);
  return { id, name: row ? `${row.firstName} ${row.lastName}` : 'An administrator' };
}

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
  const { deps } = c.var;
  const input = await parseJson(c, adminUserCreateSchema);
  const row = await createManagedUser(deps, currentUser(c).id, input);
  deps.log.info('admin created a user', {
    adminId: currentUser(c).id,
    userId: row.id,
    role: row.role,
    status: row.status,
  });
  // A banned account (an address kept from signing up) gets no mail. A mail failure keeps the
  // account: the admin resends from the edit page.
  let invitationSent = false;
  if (row.status !== 'banned') {
    invitationSent = await sendInvitation(deps, await actor(c), row).then(
      () => true,
      (error: Error) => {
        deps.log.warn('invitation mail failed', { userId: row.id, message: error.message });
        return false;
      },
    );
  }
  return c.json({ user: toManagedUser(row), invitationSent }, 201);
});

adminRoutes.get('/manage/:slug', requireAdmin, async (c) => {
  const slug = c.req.param('slug').trim().toLowerCase();
  const [row] = await c.var.deps.database.db
    .select()
    .from(users)
    .where(eq(users.slug, slug))
    .limit(1);
  if (!row) throw notFound('No user with this name.');
  return c.json({ user: toManagedUserDetails(row) });
});

adminRoutes.post('/:id/invitation', requireAdmin, async (c) => {
  const { deps } = c.var;
  const { id } = validate(idParam, c.req.param());
  const row = await loadById(c, id);
  if (!row) throw notFound('No such user.');
  if (row.status === 'banned')
    throw conflict('This account is banned: make it active or pending first.', {
      status: 'This account is banned.',
    });
  try {
    await sendInvitation(deps, await actor(c), row);
  } catch (error) {
    deps.log.warn('invitation mail failed', { userId: row.id, message: (error as Error).message });
    throw new ApiError(502, 'The mail could not be sent. Try again later.');
  }
  deps.log.info('admin resent an invitation', { adminId: currentUser(c).id, userId: row.id });
  return c.json({ ok: true });
});

adminRoutes.get('/:id/admin-actions', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  if (!(await loadById(c, id))) throw notFound('No such user.');
  return c.json({ actions: await adminActionsOn(c.var.deps.database.db, id) });
});

adminRoutes.get('/access-requests', requireAdmin, async (c) => {
  const rows = await c.var.deps.database.db
    .select()
    .from(accessRequests)
    .orderBy(desc(accessRequests.createdAt))
    .limit(500);
  return c.json({ requests: rows });
});

adminRoutes.patch('/access-requests/:id', requireAdmin, async (c) => {
  const { id } = validate(idParam, c.req.param());
  const { status } = await parseJson(c, accessRequestUpdateSchema);
  const [row] = await c.var.deps.database.db
    .update(accessRequests)
    .set({ status })
    .where(eq(accessRequests.id, id))
    .returning();
  if (!row) throw notFound('No such access request.');
  return c.json({ request: row });
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
  const { deps } = c.var;
  const { id } = validate(idParam, c.req.param());
  const input = await parseJson(c, adminUserUpdateSchema);
  const adminId = currentUser(c).id;
  const { before, after } = await updateManagedUser(deps, adminId, id, input);
  const fields = changedFields(before, after);
  if (fields.length) {
    deps.log.info('admin changed a user', {
      adminId,
      userId: id,
      fields,
      ...(fields.includes('role') ? { role: after.role } : {}),
      ...(fields.includes('status') ? { status: after.status } : {}),
    });
  }
  return c.json({ user: toManagedUserDetails(after) });
});
