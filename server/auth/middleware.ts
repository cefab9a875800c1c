// Reads `Authorization: Bearer …`, verifies the token and checks it against the user's row
// (exists, active, not revoked by `tokensValidAfter`). `optionalUser` leaves `user` null for
// anonymous callers; `requireUser` answers 401 instead and keeps the token's claims, so a
// long-lived response (the live stream) can ask `sessionHolds` again later. Presence
// (`lastSeenAt`) is refreshed at most once a minute per user.
import { eq, inArray } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';

import type { AppEnv, AuthUser } from '../context.ts';
import { hasExpired } from '../contracts/session-token.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { TokenClaims } from './tokens.ts';

export const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/;

export interface Session {
  user: AuthUser;
  claims: TokenClaims;
}

function loadSessionRow(db: Database, userId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      tokensValidAfter: users.tokensValidAfter,
      lastSeenAt: users.lastSeenAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
}

function holds(
  claims: TokenClaims,
  row: { status: string; tokensValidAfter: Date } | undefined,
): boolean {
  return (
    !!row &&
    row.status === 'active' &&
    claims.issuedAtMs >= row.tokensValidAfter.getTime() &&
    !hasExpired(claims.exp)
  );
}

export async function authenticateSession(
  deps: AppEnv['Variables']['deps'],
  header: string | undefined,
): Promise<Session | null> {
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match) return null;
  const claims = await deps.tokens.verify(match[1]!);
  if (!claims) return null;
  const [row] = await loadSessionRow(deps.database.db, claims.sub);
  if (!row || !holds(claims, row)) return null;
  if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await deps.database.db
      .update(users)
      .set({ lastSeenAt: new Date() })
      .where(eq(users.id, row.id));
  }
  return { user: { id: row.id, email: row.email, role: row.role }, claims };
}

export async function authenticate(
  deps: AppEnv['Variables']['deps'],
  header: string | undefined,
): Promise<AuthUser | null> {
  return (await authenticateSession(deps, header))?.user ?? null;
}

/**
 * Whether a session accepted earlier still holds now: its token has not expired, and its user
 * is still active and has not revoked it (sign out everywhere, password change, ban).
 */
export async function sessionHolds(db: Database, claims: TokenClaims): Promise<boolean> {
  if (hasExpired(claims.exp)) return false;
  const [row] = await loadSessionRow(db, claims.sub);
  return holds(claims, row);
}

/** `sessionHolds` for many sessions at once, with one read of their users' rows. */
export async function sessionsHold(db: Database, sessions: TokenClaims[]): Promise<boolean[]> {
  const ids = [...new Set(sessions.filter((s) => !hasExpired(s.exp)).map((s) => s.sub))];
  const rows = ids.length
    ? await db
        .select({
          id: users.id,
          status: users.status,
          tokensValidAfter: users.tokensValidAfter,
        })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return sessions.map((claims) => holds(claims, byId.get(claims.sub)));
}

export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await authenticate(c.var.deps, c.req.header('authorization')));
  await next();
});

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await authenticateSession(c.var.deps, c.req.header('authorization'));
  if (!session) throw unauthorized();
  c.set('user', session.user);
  c.set('claims', session.claims);
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
