// The signed-in user's own account: who they are, their profile, signing out everywhere, and
// the public card other pages link to by URL name. A user that no longer exists is a 401 (the
// token outlived its account).
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';

import { toPublicUser, type UserRow } from '../auth/users.ts';
import type { profileSchema } from '../contracts/user.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { notFound, unauthorized } from '../lib/errors.ts';

export async function accountOf(db: Executor, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw unauthorized();
  return row;
}

const profileOf = (row: UserRow) => ({
  phone: row.phone ?? '',
  country: row.country ?? '',
  city: row.city ?? '',
  about: row.about ?? '',
});

export async function readProfile(db: Executor, userId: string) {
  const row = await accountOf(db, userId);
  return { user: toPublicUser(row), profile: profileOf(row) };
}

export async function updateProfile(db: Executor, userId: string, input: z.infer<typeof profileSchema>) {
  const [row] = await db
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound();
  return { user: toPublicUser(row), profile: profileOf(row) };
}

/** Revokes every token issued before now (`tokensValidAfter`). */
export async function signOutEverywhere(db: Executor, userId: string) {
  await db
    .update(users)
    .set({ tokensValidAfter: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A user's name by their URL name; a banned user is not found. */
export async function userBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, slug: users.slug })
    .from(users)
    .where(and(eq(users.slug, slug.toLowerCase()), ne(users.status, 'banned')))
    .limit(1);
  if (!row) throw notFound('No user with this link.');
  return row;
}
