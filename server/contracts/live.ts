// Boards and calendars shared between people, live: the wire shapes both the server and the
// app import (docs/live.md is the prose of this file). What is here:
// - sharing: roles, invitations and members of a board or a calendar, and their payloads;
// - the live stream (GET /api/live): notice, presence, access and revoked events, and the
//   stream cursor (one text holding every scope's cursor, sent back as Last-Event-ID);
// - order keys: fractional keys (the `fractional-indexing` package), ties broken by id, in
//   code-unit order (the database compares them `COLLATE "C"`, the same order);
// - the conflict record a card keeps when a queued offline edit overwrote a newer value.
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Sharing

/** What can be shared. */
export const SHARE_KINDS = ['board', 'calendar'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** A role given to someone invited; the owner's role is `owner` and is never given. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export type Role = 'owner' | MemberRole;

export const canWrite = (role: Role | null | undefined) => role === 'owner' || role === 'editor';

/** How many people one board or calendar can be shared with (pending and accepted). */
export const MAX_MEMBERS = 50;

const uuid = (name: string) => z.uuid(`The ${name} must be a UUID.`);
const kind = z.enum(SHARE_KINDS, { error: 'kind is board or calendar.' });
const role = z.enum(MEMBER_ROLES, { error: 'role is editor or viewer.' });

/** Which board or calendar: `{ kind, id }` (query of GET /api/sharing/members too). */
export const shareTargetSchema = z.object({ kind, id: uuid('id') });
export const inviteSchema = shareTargetSchema.extend({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Invalid email address.').max(254, 'Email is too long.')),
  role,
});
export const changeRoleSchema = shareTargetSchema.extend({ userId: uuid('userId'), role });
export const removeMemberSchema = shareTargetSchema.extend({ userId: uuid('userId') });
/** Accept or decline: the invitation is named by what it shares. */
export const respondSchema = shareTargetSchema;

export interface Person {
  id: string;
  name: string;
  email: string;
}

export interface Member extends Person {
  role: Role;
  /** pending: invited, not answered yet (not a member until accepted) */
  status: 'pending' | 'accepted';
  invitedAt: string;
}

export interface Invitation {
  kind: ShareKind;
  id: string;
  name: string;
  role: MemberRole;
  owner: Person;
  invitedAt: string;
}

export interface BoardSummary {
  id: string;
  name: string;
  owner: Person;
  role: Role;
  cursor: number;
}

export interface CalendarSummary {
  id: string;
  name: string;
  owner: Person;
  role: Role;
  cursor: number;
  /** this member's own colour for the calendar and whether they show it; each member sets theirs */
  color: string;
  shown: boolean;
}

/** POST /api/calendars/settings: the signed-in member's colour and shown flag. */
export const calendarSettingsSchema = z
  .object({
    calendarId: uuid('calendarId'),
    color: z
      .string()
      .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'Use a colour like #RRGGBB.')
      .optional(),
    shown: z.boolean({ error: 'shown must be true or false.' }).optional(),
  })
  .refine((v) => v.color !== undefined || v.shown !== undefined, {
    path: ['color'],
    message: 'Send color, shown or both.',
  });

/** The `:boardId` of GET /api/kanban/boards/:boardId. */
export const boardIdParam = z.object({ boardId: uuid('boardId') });

/** `?since=` of GET /api/kanban/boards/:boardId and GET /api/calendar/events. */
export const sinceQuerySchema = z.object({
  since: z.coerce
    .number({ error: 'since is a cursor (a whole number).' })
    .int('since is a cursor (a whole number).')
    .min(0, 'since is a cursor (a whole number).')
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// The live stream

export const LIVE_FEATURES = ['chat', 'mail', 'kanban', 'calendar'] as const;
export type LiveFeature = (typeof LIVE_FEATURES)[number];

/**
 * `event: notice`: something changed in `scope` (a board id, a calendar id, or for chat and
 * mail the user's own id); pull it (by cursor) to see what. Cursors only grow per scope.
 */
export interface LiveNotice {
  feature: LiveFeature;
  scope: string;
  cursor: number;
}

/** `event: access`: the user now sees this board or calendar (an accepted invitation, a new role). */
export interface LiveAccess {
  feature: 'kanban' | 'calendar';
  scope: string;
  role: Role;
}

/** `event: revoked`: the user no longer sees it: drop its local data, stop showing it. */
export interface LiveRevoked {
  feature: 'kanban' | 'calendar';
  scope: string;
}

export interface Viewer {
  userId: string;
  name: string;
  /** the card this person has open, null when just looking at the board */
  cardId: string | null;
}

/** `event: presence`: who is looking at a board now (every tab of theirs folded into one). */
export interface LivePresence {
  boardId: string;
  viewers: Viewer[];
}

/** A tab sends a heartbeat at least this often while it shows a board. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** A tab that sent none for this long is gone (a closed tab without a leave). */
export const PRESENCE_TTL_MS = 30_000;

export const presenceSchema = z.object({
  boardId: uuid('boardId'),
  /** one per tab, chosen by the tab (random, kept for the tab's life) */
  tabId: z
    .string({ error: 'tabId is required.' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'tabId is 1 to 64 letters, digits, - or _.'),
  cardId: uuid('cardId').nullable().default(null),
});
export const presenceLeaveSchema = presenceSchema.pick({ boardId: true, tabId: true });

/** The stream's cursor: every scope's cursor, `feature:scope=n` joined with `,`. */
export type StreamCursor = Record<string, number>;

export const scopeKey = (feature: LiveFeature, scope: string) => `${feature}:${scope}`;

export function encodeStreamCursor(cursor: StreamCursor): string {
  return Object.entries(cursor)
    .map(([key, n]) => `${key}=${n}`)
    .join(',');
}

/** Parses a cursor sent back (Last-Event-ID or `?cursor=`); what does not parse is left out. */
export function parseStreamCursor(text: string | null | undefined): StreamCursor {
  const cursor: StreamCursor = {};
  for (const part of (text ?? '').split(',')) {
    const match = /^(chat|mail|kanban|calendar):([A-Za-z0-9-]{1,64})=(\d{1,15})$/.exec(part);
    if (match) cursor[`${match[1]}:${match[2]}`] = Number(match[3]);
  }
  return cursor;
}

// ---------------------------------------------------------------------------------------------
// Order keys

/** Code-unit order: the order `COLLATE "C"` gives the same keys in the database. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The order of cards in a column and of columns on a board: by key, then by id. */
export function compareByRank(a: { rank?: string; id: string }, b: { rank?: string; id: string }) {
  return compareText(a.rank ?? '', b.rank ?? '') || compareText(a.id, b.id);
}

/** A key between two neighbours (null: the start or the end). */
export const rankBetween = (before: string | null, after: string | null) =>
  generateKeyBetween(before, after);

/** `n` ascending keys between two neighbours. */
export const ranksBetween = (before: string | null, after: string | null, n: number) =>
  generateNKeysBetween(before, after, n);

/**
 * The key for an item put at `index` among `others` (the list without the item, in order):
 * between its neighbours there. An index past the end means the end.
 */
export function rankAt(others: readonly { rank: string }[], index: number) {
  const at = Math.max(0, Math.min(index, others.length));
  return rankBetween(others[at - 1]?.rank ?? null, others[at]?.rank ?? null);
}

// ---------------------------------------------------------------------------------------------
// Conflicts

/** The card fields a conflict can be about (the ones an update sets). */
export const CONFLICT_FIELDS = [
  'name',
  'description',
  'assignees',
  'priority',
  'due',
  'labels',
  'checklist',
  'completed',
] as const;
export type ConflictField = (typeof CONFLICT_FIELDS)[number];

export interface ConflictSide {
  value: unknown;
  by: { id: string; name: string };
  at: string;
}

/**
 * Kept on a card when a queued change set `field` after someone else had changed it since the
 * change's `baseCursor`: the card holds `yours` (server order: the later write wins), and
 * `theirs` is the value it overwrote. `deleted` records are about the whole card (see
 * docs/live.md: an edit of a card deleted meanwhile restores it and says so).
 */
export interface ConflictRecord {
  id: string;
  field: ConflictField | 'deleted';
  yours: ConflictSide;
  theirs: ConflictSide;
  at: string;
}

/** POST /api/kanban/cards/resolve: keep one side; the record goes either way. */
export const resolveConflictSchema = z.object({
  cardId: uuid('cardId'),
  conflictId: uuid('conflictId'),
  keep: z.enum(['yours', 'theirs'], { error: 'keep is yours or theirs.' }),
});
