// What an admin does to accounts: create one, change its profile, email, role and status,
// and find one by id or URL name. Guarantees:
// - a status other than `active` revokes every token of the user at once (`tokensValidAfter`),
//   so the next request of an open session is refused and a live stream closes at its next
//   check; setting a user back to `active` does not revive those tokens;
// - an admin never bans, suspends or demotes themselves, and the last active admin is never
//   demoted or suspended: the active admins' rows are locked in id order before the check, so
//   two admins demoting each other at once leave one admin (and cannot deadlock);
// - an email stays unique (409 naming `email`); a changed email is no longer verified, and the
//   links mailed to the old address (invitation, reset, verification) stop working;
// - a new account's owner is invited to set a password (./invitations.ts); using the link
//   sets the password, confirms the email and activates a pending account, and tells the
//   owner (./passwords.ts, ./account-notices.ts);
// - nothing happens in silence: every creation, change and invitation is written to the admin
//   actions list in the same transaction (./admin-actions.ts), and an email change is told to
//   the old address.
import crypto from 'node:crypto';

import { and, asc, eq, ne } from 'drizzle-orm';

import { revokeTokens } from '../auth/one-time-tokens.ts';
import { hashPassword } from '../auth/password.ts';
import { normaliseEmail, toPublicUser, uniqueSlug, type UserRow } from '../auth/users.ts';
import type { AppDeps } from '../context.ts';
import {
  MANAGED_FIELDS,
  type AdminUserCreate,
  type AdminUserUpdate,
  type ManagedField,
  type ManagedUser,
  type ManagedUserDetails,
} from '../contracts/user.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { noticeEmailChanged } from './account-notices.ts';
import { recordAdminAction } from './admin-actions.ts';

const EMAIL_TAKEN = 'An account with this email already exists.';

export function toManagedUser(row: UserRow): ManagedUser {
  return {
    ...toPublicUser(row),
    status: row.status,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    avatarUrl: row.avatarUrl,
  };
}

export function toManagedUserDetails(row: UserRow): ManagedUserDetails {
  return {
    ...toManagedUser(row),
    phone: row.phone ?? '',
    country: row.country ?? '',
    city: row.city ?? '',
    about: row.about ?? '',
  };
}

async function emailTaken(db: Executor, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  return !!row;
}

export async function createManagedUser(
  deps: AppDeps,
  adminId: string,
  input: AdminUserCreate,
): Promise<UserRow> {
  const db = deps.database.db;
  const email = normaliseEmail(input.email);
  if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  // nobody knows this password: the owner chooses theirs with the invitation link
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const slug = await uniqueSlug(db, input.firstName, input.lastName);
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            email,
            username: email,
            firstName: input.firstName,
            lastName: input.lastName,
            slug,
            role: input.role,
            status: input.status,
            passwordHash,
          })
          .returning();
        await recordAdminAction(tx, {
          adminId,
          userId: row!.id,
          action: 'created',
          details: { role: row!.role, status: row!.status },
        });
        return row!;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await emailTaken(db, email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      // a concurrent sign-up took the slug: try again with a fresh one
    }
  }
  throw new ApiError(409, 'Could not create the account, please try again.');
}

/** Whether the change takes an admin's role or their access away. */
const takesAdminAway = (next: AdminUserUpdate) =>
  (next.role !== undefined && next.role !== 'admin') ||
  (next.status !== undefined && next.status !== 'active');

const isActiveAdmin = (row: UserRow) => row.role === 'admin' && row.status === 'active';

/** Which field of the change takes the admin role or access away, for the error. */
const adminField = (next: AdminUserUpdate) =>
  next.role !== undefined && next.role !== 'admin' ? 'role' : 'status';

export async function updateManagedUser(
  deps: AppDeps,
  actorId: string,
  id: string,
  input: AdminUserUpdate,
): Promise<UserRow> {
  if (id === actorId && takesAdminAway(input)) {
    const field = adminField(input);
    const message =
      field === 'role'
        ? 'You cannot remove your own admin role. Ask another admin.'
        : 'You cannot ban or suspend your own account. Ask another admin.';
    throw badRequest(message, { [field]: message });
  }
  const email = input.email === undefined ? undefined : normaliseEmail(input.email);
  let changed: { before: UserRow; after: UserRow };
  try {
    changed = await deps.database.db.transaction(async (tx) => {
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
        .orderBy(asc(users.id))
        .for('update');
      // the actor may have lost the role since their request was authenticated
      if (!admins.some((admin) => admin.id === actorId))
        throw forbidden('Only an admin can do this.');
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw notFound('No such user.');
      if (isActiveAdmin(before) && takesAdminAway(input) && admins.length <= 1) {
        const message = 'This is the last admin: make another user an admin first.';
        throw conflict(message, { [adminField(input)]: message });
      }
      if (email !== undefined && email !== before.email && (await emailTaken(tx, email, id)))
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const now = new Date();
      const emailChanged = email !== undefined && email !== before.email;
      const leavesActive = input.status !== undefined && input.status !== 'active';
      const [after] = await tx
        .update(users)
        .set({
          ...input,
          ...(emailChanged
            ? { email, username: email, emailVerifiedAt: null }
            : { email: undefined }),
          ...(leavesActive ? { tokensValidAfter: now } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, id))
        .returning();
      if (emailChanged) await revokeTokens(tx, id);
      const fields = changedFields(before, after!);
      if (fields.length)
        await recordAdminAction(tx, {
          adminId: actorId,
          userId: id,
          action: 'changed',
          details: {
            fields,
            ...(fields.includes('role') ? { role: after!.role } : {}),
            ...(fields.includes('status') ? { status: after!.status } : {}),
            ...(emailChanged ? { email: { from: before.email, to: after!.email } } : {}),
          },
        });
      return { before, after: after! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
  const { before, after } = changed;
  const fields = changedFields(before, after);
  if (fields.length) {
    deps.log.info('admin changed a user', {
      adminId: actorId,
      userId: id,
      fields,
      ...(fields.includes('role') ? { role: after.role } : {}),
      ...(fields.includes('status') ? { status: after.status } : {}),
    });
  }
  if (before.email !== after.email)
    await noticeEmailChanged(deps, {
      firstName: after.firstName,
      from: before.email,
      to: after.email,
      at: after.updatedAt,
    });
  return after;
}

/** One account as its edit page shows it, by id or URL name. */
export async function managedUser(db: Executor, by: { id: string } | { slug: string }) {
  const where = 'id' in by ? eq(users.id, by.id) : eq(users.slug, by.slug.trim().toLowerCase());
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

/** The fields whose value changed, for the audit list and log (names only, never values). */
export function changedFields(before: UserRow, after: UserRow): ManagedField[] {
  return MANAGED_FIELDS.filter((key) => before[key] !== after[key]);
}
