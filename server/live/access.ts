// Who may read and write a board or a calendar (docs/live.md). The owner owns it; an accepted
// member has their role; anyone else (a pending invitee too) does not see it: 404, exactly as
// if it did not exist. A viewer who writes gets 403. Every write locks the board's or
// calendar's row (`UPDATE … SET rev = rev + 1`), so the changes to one board are applied one
// at a time in server order and each gets the next cursor; the cursor is announced on the live
// bus, sent once the transaction commits.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { canWrite, type Role, type ShareKind } from '../contracts/live.ts';
import type { Executor } from '../db/client.ts';
import { calendars, kanbanBoards, shareMembers } from '../db/schema/index.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { announce } from './bus.ts';

export interface Actor {
  id: string;
}

const table = { board: kanbanBoards, calendar: calendars } as const;
const feature = { board: 'kanban', calendar: 'calendar' } as const;
const what = { board: 'board', calendar: 'calendar' } as const;

/** The user's own board or calendar id, made on first use. */
export async function ownId(tx: Executor, kind: ShareKind, user: Actor): Promise<string> {
  const t = table[kind];
  const [found] = await tx.select({ id: t.id }).from(t).where(eq(t.ownerId, user.id));
  if (found) return found.id;
  await tx.insert(t).values({ ownerId: user.id }).onConflictDoNothing();
  const [made] = await tx.select({ id: t.id }).from(t).where(eq(t.ownerId, user.id));
  return made!.id;
}

/** The user's role on a board or calendar; null when they may not see it. */
export async function roleOn(
  tx: Executor,
  kind: ShareKind,
  id: string,
  user: Actor,
): Promise<Role | null> {
  const t = table[kind];
  const [row] = await tx
    .select({ ownerId: t.ownerId, role: shareMembers.role })
    .from(t)
    .leftJoin(
      shareMembers,
      and(
        eq(shareMembers.kind, kind),
        eq(shareMembers.resourceId, t.id),
        eq(shareMembers.userId, user.id),
        eq(shareMembers.status, 'accepted'),
      ),
    )
    .where(eq(t.id, id));
  if (!row) return null;
  if (row.ownerId === user.id) return 'owner';
  return row.role ?? null;
}

/**
 * A condition for queries over many boards' or calendars' rows: `column` (a board or calendar
 * id) is one the user reads now, as owner or accepted member with any role. The same rule as
 * `roleOn`, for lists such as search.
 */
export function readableBy(kind: ShareKind, column: PgColumn, user: Actor): SQL {
  const t = table[kind];
  return sql`${column} in (
    select ${t.id} from ${t} where ${t.ownerId} = ${user.id}
    union
    select ${shareMembers.resourceId} from ${shareMembers}
    where ${shareMembers.kind} = ${kind} and ${shareMembers.userId} = ${user.id}
      and ${shareMembers.status} = 'accepted'
  )`;
}

export const goneMessage = (kind: ShareKind) =>
  `This ${what[kind]} does not exist or is not shared with you.`;

/** The role, or 404 when the user may not see it. */
export async function requireRead(tx: Executor, kind: ShareKind, id: string, user: Actor) {
  const role = await roleOn(tx, kind, id, user);
  if (!role) throw notFound(goneMessage(kind));
  return role;
}

/**
 * For a write: 404 when the user may not see it, 403 for a viewer; otherwise takes the next
 * cursor (locking the row until the transaction ends), announces it and returns it.
 */
export async function beginWrite(
  tx: Executor,
  kind: ShareKind,
  id: string,
  user: Actor,
): Promise<number> {
  const role = await requireRead(tx, kind, id, user);
  if (!canWrite(role))
    throw forbidden(`You can view this ${what[kind]} but not change it (you are a viewer).`);
  const t = table[kind];
  const [row] = await tx
    .update(t)
    .set({ rev: sql`${t.rev} + 1` })
    .where(eq(t.id, id))
    .returning({ rev: t.rev });
  const cursor = Number(row!.rev);
  announce({ type: 'notice', feature: feature[kind], scope: id, cursor });
  return cursor;
}

/** The current cursor of a board or calendar. */
export async function cursorOf(tx: Executor, kind: ShareKind, id: string): Promise<number> {
  const t = table[kind];
  const [row] = await tx.select({ rev: t.rev }).from(t).where(eq(t.id, id));
  return Number(row?.rev ?? 0);
}
