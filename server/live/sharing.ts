// Sharing a board or a calendar (docs/live.md): the owner invites a Clipdeck user by email as
// editor or viewer; the invitation is a pending membership that grants nothing until accepted;
// the owner changes roles and removes members, and a member may leave. Every change of access
// is announced on the live bus (after commit) so the person's open streams start or stop
// carrying that board's or calendar's notices at once; removal also ends their presence there.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type {
  BoardSummary,
  CalendarSummary,
  changeRoleSchema,
  calendarSettingsSchema,
  Invitation,
  Member,
  inviteSchema,
  MemberRole,
  removeMemberSchema,
  Role,
  ShareKind,
  shareTargetSchema,
} from '../contracts/live.ts';
import { MAX_MEMBERS } from '../contracts/live.ts';
import type { Executor } from '../db/client.ts';
import { calendars, kanbanBoards, livePresence, shareMembers, users } from '../db/schema/index.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { ownId, requireRead, type Actor } from './access.ts';
import { announce } from './bus.ts';
import { displayName, people } from './people.ts';

const table = { board: kanbanBoards, calendar: calendars } as const;
const feature = { board: 'kanban', calendar: 'calendar' } as const;

type Target = z.infer<typeof shareTargetSchema>;

const memberOf = (kind: ShareKind, id: string, userId: string) =>
  and(
    eq(shareMembers.kind, kind),
    eq(shareMembers.resourceId, id),
    eq(shareMembers.userId, userId),
  );

async function requireOwner(tx: Executor, { kind, id }: Target, user: Actor) {
  const role = await requireRead(tx, kind, id, user);
  if (role !== 'owner') throw forbidden(`Only the owner shares this ${kind}.`);
}

async function ownerOf(tx: Executor, kind: ShareKind, id: string) {
  const t = table[kind];
  const [row] = await tx.select({ ownerId: t.ownerId, name: t.name }).from(t).where(eq(t.id, id));
  return row!;
}

/** Everyone on a board or calendar: the owner, then members and invitees by name. */
export async function listMembers(tx: Executor, target: Target, user: Actor): Promise<Member[]> {
  await requireRead(tx, target.kind, target.id, user);
  const owner = await ownerOf(tx, target.kind, target.id);
  const rows = await tx
    .select()
    .from(shareMembers)
    .where(and(eq(shareMembers.kind, target.kind), eq(shareMembers.resourceId, target.id)));
  const who = await people(tx, [owner.ownerId, ...rows.map((r) => r.userId)]);
  const members: Member[] = rows.map((r) => ({
    ...who.get(r.userId)!,
    role: r.role,
    status: r.status,
    invitedAt: r.createdAt.toISOString(),
  }));
  members.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return [
    { ...who.get(owner.ownerId)!, role: 'owner', status: 'accepted', invitedAt: '' },
    ...members,
  ];
}

export interface InviteOutcome {
  member: Member;
  invitee: { email: string; name: string };
  inviter: string;
  what: string;
}

export async function invite(
  tx: Executor,
  input: z.infer<typeof inviteSchema>,
  user: Actor,
): Promise<InviteOutcome> {
  await requireOwner(tx, input, user);
  const [invitee] = await tx
    .select()
    .from(users)
    .where(and(eq(users.email, input.email), eq(users.status, 'active')));
  if (!invitee)
    throw new ApiError(404, 'No Clipdeck user has this email address.', {
      email: 'No Clipdeck user has this email address.',
    });
  if (invitee.id === user.id)
    throw badRequest('You already own this.', { email: 'This is your own address.' });
  const [held] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(shareMembers)
    .where(and(eq(shareMembers.kind, input.kind), eq(shareMembers.resourceId, input.id)));
  if (Number(held?.n ?? 0) >= MAX_MEMBERS)
    throw new ApiError(422, `This ${input.kind} is shared with ${MAX_MEMBERS} people at most.`, {
      id: `${MAX_MEMBERS} members at most.`,
    });
  const [row] = await tx
    .insert(shareMembers)
    .values({
      kind: input.kind,
      resourceId: input.id,
      userId: invitee.id,
      role: input.role,
      invitedBy: user.id,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw conflict('This person is already a member or invited.', {
      email: 'Already a member or invited.',
    });
  const who = await people(tx, [user.id]);
  const { name } = await ownerOf(tx, input.kind, input.id);
  return {
    member: {
      id: invitee.id,
      name: displayName(invitee),
      email: invitee.email,
      role: row.role,
      status: 'pending',
      invitedAt: row.createdAt.toISOString(),
    },
    invitee: { email: invitee.email, name: displayName(invitee) },
    inviter: who.get(user.id)?.name ?? '',
    what: name,
  };
}

export async function changeRole(
  tx: Executor,
  input: z.infer<typeof changeRoleSchema>,
  user: Actor,
): Promise<Member> {
  await requireOwner(tx, input, user);
  const [row] = await tx
    .update(shareMembers)
    .set({ role: input.role, updatedAt: new Date() })
    .where(memberOf(input.kind, input.id, input.userId))
    .returning();
  if (!row) throw notMember();
  if (row.status === 'accepted')
    announce({
      type: 'access',
      userId: row.userId,
      feature: feature[input.kind],
      scope: input.id,
      role: row.role,
    });
  const who = await people(tx, [row.userId]);
  return {
    ...who.get(row.userId)!,
    role: row.role,
    status: row.status,
    invitedAt: row.createdAt.toISOString(),
  };
}

const notMember = () =>
  new ApiError(404, 'This person is not a member.', { userId: 'Not a member of this.' });

/** The owner removes anyone else; a member removes themself (leaves). */
export async function removeMember(
  tx: Executor,
  input: z.infer<typeof removeMemberSchema>,
  user: Actor,
): Promise<void> {
  const role = await roleOrPending(tx, input, user);
  if (input.userId === user.id) {
    if (role === 'owner') throw badRequest('The owner cannot leave.', { userId: 'You own this.' });
  } else if (role !== 'owner') {
    throw forbidden(`Only the owner removes people from this ${input.kind}.`);
  }
  const [row] = await tx
    .delete(shareMembers)
    .where(memberOf(input.kind, input.id, input.userId))
    .returning();
  if (!row) throw notMember();
  if (input.kind === 'board') {
    await tx
      .delete(livePresence)
      .where(and(eq(livePresence.boardId, input.id), eq(livePresence.userId, input.userId)));
  }
  announce({
    type: 'access',
    userId: input.userId,
    feature: feature[input.kind],
    scope: input.id,
    role: null,
  });
}

/** The caller's role, or 404; a pending invitee may only decline (see `respond`). */
async function roleOrPending(tx: Executor, { kind, id }: Target, user: Actor): Promise<Role> {
  return requireRead(tx, kind, id, user);
}

export async function listInvitations(tx: Executor, user: Actor): Promise<Invitation[]> {
  const rows = await tx
    .select()
    .from(shareMembers)
    .where(and(eq(shareMembers.userId, user.id), eq(shareMembers.status, 'pending')))
    .orderBy(asc(shareMembers.createdAt));
  const out: Invitation[] = [];
  const owners = await Promise.all(rows.map((r) => ownerOf(tx, r.kind, r.resourceId)));
  const who = await people(
    tx,
    owners.map((o) => o.ownerId),
  );
  rows.forEach((r, i) => {
    out.push({
      kind: r.kind,
      id: r.resourceId,
      name: owners[i]!.name,
      role: r.role,
      owner: who.get(owners[i]!.ownerId)!,
      invitedAt: r.createdAt.toISOString(),
    });
  });
  return out;
}

async function pendingInvitation(tx: Executor, { kind, id }: Target, user: Actor) {
  const [row] = await tx
    .select()
    .from(shareMembers)
    .where(and(memberOf(kind, id, user.id), eq(shareMembers.status, 'pending')));
  if (!row) throw notFound('There is no such invitation (it may have been withdrawn).');
  return row;
}

export async function accept(
  tx: Executor,
  target: Target,
  user: Actor,
): Promise<{ board: BoardSummary } | { calendar: CalendarSummary }> {
  const row = await pendingInvitation(tx, target, user);
  await tx
    .update(shareMembers)
    .set({ status: 'accepted', updatedAt: new Date() })
    .where(memberOf(target.kind, target.id, user.id));
  announce({
    type: 'access',
    userId: user.id,
    feature: feature[target.kind],
    scope: target.id,
    role: row.role,
  });
  if (target.kind === 'board') {
    const board = (await listBoards(tx, user)).find((b) => b.id === target.id)!;
    return { board };
  }
  const calendar = (await listCalendars(tx, user)).find((c) => c.id === target.id)!;
  return { calendar };
}

export async function decline(tx: Executor, target: Target, user: Actor) {
  await pendingInvitation(tx, target, user);
  await tx.delete(shareMembers).where(memberOf(target.kind, target.id, user.id));
}

interface Listed {
  id: string;
  name: string;
  ownerId: string;
  rev: number;
  role: MemberRole | null;
  color: string;
  shown: boolean;
}

async function listed(tx: Executor, kind: ShareKind, user: Actor): Promise<Listed[]> {
  await ownId(tx, kind, user);
  const t = table[kind];
  const own = await tx
    .select({ id: t.id, name: t.name, ownerId: t.ownerId, rev: t.rev })
    .from(t)
    .where(eq(t.ownerId, user.id));
  const shared = await tx
    .select({
      id: t.id,
      name: t.name,
      ownerId: t.ownerId,
      rev: t.rev,
      role: shareMembers.role,
      color: shareMembers.color,
      shown: shareMembers.shown,
    })
    .from(shareMembers)
    .innerJoin(t, eq(t.id, shareMembers.resourceId))
    .where(
      and(
        eq(shareMembers.kind, kind),
        eq(shareMembers.userId, user.id),
        eq(shareMembers.status, 'accepted'),
      ),
    )
    .orderBy(asc(shareMembers.createdAt));
  let ownColor = { color: '#228BE6', shown: true };
  if (kind === 'calendar') {
    const [mine] = await tx
      .select({ color: calendars.color, shown: calendars.shown })
      .from(calendars)
      .where(eq(calendars.ownerId, user.id));
    ownColor = mine ?? ownColor;
  }
  return [
    ...own.map((o) => ({ ...o, rev: Number(o.rev), role: null, ...ownColor })),
    ...shared.map((s) => ({ ...s, rev: Number(s.rev) })),
  ];
}

/** The boards or calendars the user sees, each with its owner, the user's role and its cursor. */
async function summaries(tx: Executor, kind: ShareKind, user: Actor) {
  const rows = await listed(tx, kind, user);
  const who = await people(
    tx,
    rows.map((r) => r.ownerId),
  );
  return rows.map((r) => ({
    summary: {
      id: r.id,
      name: r.name,
      owner: who.get(r.ownerId)!,
      role: r.role ?? ('owner' as const),
      cursor: r.rev,
    },
    row: r,
  }));
}

export async function listBoards(tx: Executor, user: Actor): Promise<BoardSummary[]> {
  return (await summaries(tx, 'board', user)).map((s) => s.summary);
}

export async function listCalendars(tx: Executor, user: Actor): Promise<CalendarSummary[]> {
  return (await summaries(tx, 'calendar', user)).map(({ summary, row }) => ({
    ...summary,
    color: row.color,
    shown: row.shown,
  }));
}

/** The member's own colour and shown flag for a calendar they see. */
export async function setCalendarSettings(
  tx: Executor,
  input: z.infer<typeof calendarSettingsSchema>,
  user: Actor,
): Promise<CalendarSummary> {
  const role = await requireRead(tx, 'calendar', input.calendarId, user);
  const set = {
    ...(input.color !== undefined ? { color: input.color.toUpperCase() } : {}),
    ...(input.shown !== undefined ? { shown: input.shown } : {}),
  };
  if (role === 'owner')
    await tx.update(calendars).set(set).where(eq(calendars.id, input.calendarId));
  else
    await tx
      .update(shareMembers)
      .set({ ...set, updatedAt: new Date() })
      .where(memberOf('calendar', input.calendarId, user.id));
  return (await listCalendars(tx, user)).find((c) => c.id === input.calendarId)!;
}

/** Every board and calendar id the user sees (the live stream's scopes), with their cursors. */
export async function visibleScopes(tx: Executor, user: Actor) {
  const boards = await listed(tx, 'board', user);
  const cals = await listed(tx, 'calendar', user);
  return {
    kanban: boards.map((b) => ({ id: b.id, cursor: b.rev })),
    calendar: cals.map((c) => ({ id: c.id, cursor: c.rev })),
  };
}

/** The user ids who see a board (its owner and accepted members): who gets its presence. */
export async function boardAudience(tx: Executor, boardId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: shareMembers.userId })
    .from(shareMembers)
    .where(
      and(
        eq(shareMembers.kind, 'board'),
        eq(shareMembers.resourceId, boardId),
        eq(shareMembers.status, 'accepted'),
      ),
    );
  const [owner] = await tx
    .select({ ownerId: kanbanBoards.ownerId })
    .from(kanbanBoards)
    .where(eq(kanbanBoards.id, boardId));
  return [...(owner ? [owner.ownerId] : []), ...rows.map((r) => r.userId)];
}
