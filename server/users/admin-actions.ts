// The audit list of what admins do to accounts (table admin_actions): creating one, changing
// its fields, sending its invitation. Each row says who, what, to whom and when, with details
// that name the changed fields, the new role and status and, for an email change, both
// addresses; never a password, a token or a link. A change is recorded in the transaction that
// makes it, so the list holds every change that happened and nothing that did not.
import { and, desc, eq, gt, sql } from 'drizzle-orm';

import type { AdminActionDetails, AdminActionEntry, AdminActionKind } from '../contracts/user.ts';
import type { Executor } from '../db/client.ts';
import { adminActions, users } from '../db/schema/index.ts';

/** The newest entries the edit page shows. */
export const ADMIN_ACTIONS_SHOWN = 100;

export async function recordAdminAction(
  db: Executor,
  entry: { adminId: string; userId: string; action: AdminActionKind; details?: AdminActionDetails },
): Promise<void> {
  await db.insert(adminActions).values({
    adminId: entry.adminId,
    userId: entry.userId,
    action: entry.action,
    details: entry.details ?? {},
  });
}

/** What admins did to this user, newest first. */
export async function adminActionsOn(db: Executor, userId: string): Promise<AdminActionEntry[]> {
  const rows = await db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      details: adminActions.details,
      at: adminActions.createdAt,
      adminId: users.id,
      adminName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(adminActions)
    .leftJoin(users, eq(users.id, adminActions.adminId))
    .where(eq(adminActions.userId, userId))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(ADMIN_ACTIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    admin: row.adminId ? { id: row.adminId, name: row.adminName } : null,
    details: row.details,
    at: row.at.toISOString(),
  }));
}

/** The addresses admins moved this account away from since `since`, oldest change first. */
export async function formerAddresses(db: Executor, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .select({ from: sql<string>`${adminActions.details} -> 'email' ->> 'from'` })
    .from(adminActions)
    .where(
      and(
        eq(adminActions.userId, userId),
        eq(adminActions.action, 'changed'),
        gt(adminActions.createdAt, since),
        sql`(${adminActions.details} -> 'email') is not null`,
      ),
    )
    .orderBy(adminActions.createdAt);
  return [...new Set(rows.map((row) => row.from).filter(Boolean))];
}
