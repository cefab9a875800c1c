// User rows → the public user object, and unique, URL-safe slugs derived from names.
import { eq, like, or } from 'drizzle-orm';

import { slugify } from '../contracts/slug.ts';
import type { PublicUser } from '../contracts/user.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    username: row.username,
    slug: row.slug,
    role: row.role,
    youtubeExternalId: row.youtubeExternalId,
    referringUserId: row.referringUserId,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Slugs that would shadow an app route at the top level (`/{slug}/videos`). */
const RESERVED = new Set([
  'api',
  'trpc',
  'auth',
  'dashboard',
  'assets',
  'healthz',
  'admin',
  'user',
  'users',
]);

export async function uniqueSlug(
  db: Executor,
  firstName: string,
  lastName: string,
): Promise<string> {
  let base = slugify(`${firstName} ${lastName}`, { maxLength: 40, fallback: 'user' });
  if (RESERVED.has(base)) base = `${base}-user`;
  const taken = new Set(
    (
      await db
        .select({ slug: users.slug })
        .from(users)
        .where(or(eq(users.slug, base), like(users.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
