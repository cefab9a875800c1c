// User management for admins: list and search users, change a user's role or suspend them,
// and review access requests made on /auth/request-access.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import { toPublicUser } from '../auth/users.ts';
import { decideChannelClaim, listChannelClaims } from '../catalogue/channel-claim.ts';
import type { AppEnv } from '../context.ts';
import {
  accessRequestUpdateSchema,
  adminUserUpdateSchema,
  channelClaimDecisionSchema,
  channelClaimListQuery,
  userListQuerySchema,
} from '../contracts/user.ts';
import { accessRequests, users } from '../db/schema/index.ts';
import { badRequest, notFound, parseJson, parseQuery, validate } from '../lib/errors.ts';

export const adminRoutes = new Hono<AppEnv>();

const idParam = z.object({ id: z.uuid('Must be a valid id.') });

adminRoutes.get('/list', requireAdmin, async (c) => {
  const q = parseQuery(c, userListQuerySchema);
  const filters: SQL[] = [];
  if (q.search) {
    const pattern = `%${q.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    filters.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
      )!,
    );
  }
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.status) filters.push(eq(users.status, q.status));
  const where = filters.length ? and(...filters) : undefined;
  const db = c.var.deps.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return c.json({
    users: rows.map((r) => ({
      ...toPublicUser(r),
      status: r.status,
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  });
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
  const { id } = validate(idParam, c.req.param());
  const input = await parseJson(c, adminUserUpdateSchema);
  if (id === currentUser(c).id && (input.role === 'user' || input.status === 'banned')) {
    throw badRequest('You cannot remove your own admin role or suspend yourself.', {
      id: 'This is your own account.',
    });
  }
  const now = new Date();
  const [row] = await c.var.deps.database.db
    .update(users)
    // Suspending revokes the user's tokens at once.
    .set({
      ...input,
      updatedAt: now,
      ...(input.status === 'banned' ? { tokensValidAfter: now } : {}),
    })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw notFound('No such user.');
  return c.json({ user: { ...toPublicUser(row), status: row.status } });
});
