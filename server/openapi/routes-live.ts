// Shared boards and calendars, live (docs/live.md): the boards and calendars I see, sharing and
// invitations, the one live stream per tab, and board presence.
import { z } from 'zod';

import {
  boardIdParam,
  calendarSettingsSchema,
  changeRoleSchema,
  inviteSchema,
  presenceLeaveSchema,
  presenceSchema,
  removeMemberSchema,
  resolveConflictSchema,
  respondSchema,
  shareTargetSchema,
  sinceQuerySchema,
} from '../contracts/live.ts';
import { mutation, type RouteDoc } from './registry.ts';

const live = 'Live';
const share = 'Sharing';
const user = (
  method: 'GET' | 'POST',
  path: string,
  tag: string,
  summary: string,
  extra: Partial<RouteDoc> = {},
): RouteDoc => ({
  method,
  path,
  tag,
  summary,
  access: 'user',
  ...extra,
});

export const liveRoutes: RouteDoc[] = [
  user(
    'GET',
    '/api/kanban/boards',
    'Kanban',
    'The boards I see (my own first), with my role and cursor.',
  ),
  user(
    'GET',
    '/api/kanban/boards/:boardId',
    'Kanban',
    'A board I see; with ?since= equal to its cursor, { unchanged: true }.',
    {
      params: boardIdParam,
      query: sinceQuerySchema,
    },
  ),
  mutation(
    '/api/kanban/cards/resolve',
    'Kanban',
    'Resolve a conflict record: keep yours or theirs.',
    resolveConflictSchema,
  ),
  user(
    'GET',
    '/api/calendars',
    'Calendar',
    'The calendars I see, with my role, colour and shown flag.',
  ),
  user(
    'POST',
    '/api/calendars/settings',
    'Calendar',
    'Set my own colour and shown flag for a calendar.',
    {
      body: calendarSettingsSchema,
    },
  ),
  user('GET', '/api/sharing/members', share, 'The owner and members of a board or calendar.', {
    query: shareTargetSchema,
  }),
  user('POST', '/api/sharing/invite', share, 'Invite a Clipdeck user by email (owner only).', {
    body: inviteSchema,
    status: 201,
  }),
  user('POST', '/api/sharing/role', share, "Change a member's role (owner only).", {
    body: changeRoleSchema,
  }),
  user('POST', '/api/sharing/remove', share, 'Remove a member (owner), or leave (the member).', {
    body: removeMemberSchema,
  }),
  user('GET', '/api/sharing/invitations', share, 'My pending invitations.'),
  user('POST', '/api/sharing/accept', share, 'Accept an invitation.', { body: respondSchema }),
  user('POST', '/api/sharing/decline', share, 'Decline an invitation.', { body: respondSchema }),
  user(
    'GET',
    '/api/live',
    live,
    'The live stream: notices, presence and access (server-sent events).',
    {
      query: z.object({ cursor: z.string().max(8000).optional() }),
      produces: 'text/event-stream',
      stream: true,
    },
  ),
  user('POST', '/api/live/presence', live, 'A heartbeat from a tab showing a board.', {
    body: presenceSchema,
  }),
  user('POST', '/api/live/presence/leave', live, 'A tab stops showing a board.', {
    body: presenceLeaveSchema,
  }),
  user('GET', '/api/live/presence', live, 'Who is looking at a board now.', {
    query: presenceLeaveSchema.pick({ boardId: true }),
  }),
];
