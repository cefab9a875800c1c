// The demo accounts created on first start. Their credentials are in the README.
import { eq } from 'drizzle-orm';

import { hashPassword } from '../auth/password.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export interface DemoUserSpec {
  key: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  slug: string;
  role: 'admin' | 'user';
}

export const DEMO_USERS: readonly DemoUserSpec[] = [
  {
    key: 'demo',
    email: 'demo@clipdeck.dev',
    password: 'clipdeck-demo',
    firstName: 'Dana',
    lastName: 'Demo',
    slug: 'dana-demo',
    role: 'user',
  },
  {
    key: 'admin',
    email: 'admin@clipdeck.dev',
    password: 'clipdeck-admin',
    firstName: 'Ada',
    lastName: 'Admin',
    slug: 'ada-admin',
    role: 'admin',
  },
  {
    key: 'sam',
    email: 'sam@clipdeck.dev',
    password: 'clipdeck-sam',
    firstName: 'Sam',
    lastName: 'Rivera',
    slug: 'sam-rivera',
    role: 'user',
  },
  {
    key: 'lin',
    email: 'lin@clipdeck.dev',
    password: 'clipdeck-lin',
    firstName: 'Lin',
    lastName: 'Chen',
    slug: 'lin-chen',
    role: 'user',
  },
];

export type DemoUsers = Record<string, typeof users.$inferSelect>;

/** Creates the demo users that are missing (idempotent) and returns all of them by key. */
export async function ensureDemoUsers(db: Database): Promise<DemoUsers> {
  const result: DemoUsers = {};
  for (const spec of DEMO_USERS) {
    let [row] = await db.select().from(users).where(eq(users.email, spec.email)).limit(1);
    if (!row) {
      [row] = await db
        .insert(users)
        .values({
          email: spec.email,
          username: spec.email,
          firstName: spec.firstName,
          lastName: spec.lastName,
          slug: spec.slug,
          role: spec.role,
          passwordHash: await hashPassword(spec.password),
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      row ??= (await db.select().from(users).where(eq(users.email, spec.email)).limit(1))[0];
    }
    result[spec.key] = row!;
  }
  return result;
}
