// Reads `Authorization: Bearer …`, verifies the token and checks it against the user's row
// (exists, active, not revoked by `tokensValidAfter`). `optionalUser` leaves `user` null for
// anonymous callers; `requireUser` answers 401 instead. Presence (`lastSeenAt`) is refreshed
// at most once a minute per user.
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';

import type { AppEnv, AuthUser } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/;

export async function authenticate(
  deps: AppEnv['Variables']['deps'],
  header: string | undefined,
): Promise<AuthUser | null> {
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match) return null;
  const claims = await deps.tokens.verify(match[1]!);
  if (!claims) return null;
  const [row] = await deps.database.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      tokensValidAfter: users.tokensValidAfter,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!row || row.status !== 'active') return null;
  if (claims.issuedAtMs < row.tokensValidAfter.getTime()) return null;
  if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await deps.database.db
      .update(users)
      .set({ lastSeenAt: new Date() })
      .where(eq(users.id, row.id));
  }
  return { id: row.id, email: row.email, role: row.role };
}

export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await authenticate(c.var.deps, c.req.header('authorization')));
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c.var.deps, c.req.header('authorization'));
  if (!user) throw unauthorized();
  c.set('user', user);
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await authenticate(c.var.deps, c.req.header('authorization'));
  if (!user) throw unauthorized();
  if (user.role !== 'admin') throw forbidden('Only an admin can do this.');
  c.set('user', user);
  await next();
});

/** The signed-in user inside a handler behind `requireUser`. */
export function currentUser(c: { var: AppEnv['Variables'] }): AuthUser {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}
