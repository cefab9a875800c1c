// /api/sharing: sharing a board or a calendar with other Clipdeck users (docs/live.md). The
// rules (who may invite, change roles, remove; what an invitation grants) are server/live's;
// each call runs in one transaction, and the access changes it announces reach the people's
// live streams once it has committed. Sharing is online-only (not a sync-able call).
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  changeRoleSchema,
  inviteSchema,
  removeMemberSchema,
  respondSchema,
  shareTargetSchema,
} from '../contracts/live.ts';
import { pageLanguage } from '../lib/language.ts';
import { sendInvitation } from '../live/invitation-mail.ts';
import {
  accept,
  changeRole,
  decline,
  invite,
  listInvitations,
  listMembers,
  removeMember,
} from '../live/sharing.ts';
import { routeGroup } from '../openapi/route.ts';

export const sharingRoutes = new Hono<AppEnv>();
sharingRoutes.use('*', requireUser);

const sharing = routeGroup({ tag: 'Sharing', access: 'user' });

const members = sharing('The owner and members of a board or calendar.', {
  query: shareTargetSchema,
});
sharingRoutes.get('/members', members, async (c) => {
  const target = c.req.valid('query');
  return c.json({ members: await listMembers(c.var.deps.database.db, target, currentUser(c)) });
});

const inviteCall = sharing('Invite a Clipdeck user by email (owner only).', {
  body: inviteSchema,
  status: 201,
});
sharingRoutes.post('/invite', inviteCall, async (c) => {
  const input = c.req.valid('json');
  const deps = c.var.deps;
  const done = await deps.database.db.transaction((tx) => invite(tx, input, currentUser(c)));
  await sendInvitation(deps, pageLanguage(c.req.header('accept-language')), {
    to: done.invitee.email,
    invitee: done.invitee.name,
    inviter: done.inviter,
    kind: input.kind,
    name: done.what,
    role: input.role,
  });
  return c.json({ member: done.member }, 201);
});

const role = sharing("Change a member's role (owner only).", { body: changeRoleSchema });
sharingRoutes.post('/role', role, async (c) => {
  const input = c.req.valid('json');
  const member = await c.var.deps.database.db.transaction((tx) =>
    changeRole(tx, input, currentUser(c)),
  );
  return c.json({ member });
});

const remove = sharing('Remove a member (owner), or leave (the member).', {
  body: removeMemberSchema,
});
sharingRoutes.post('/remove', remove, async (c) => {
  const input = c.req.valid('json');
  await c.var.deps.database.db.transaction((tx) => removeMember(tx, input, currentUser(c)));
  return c.json({ removed: true });
});

sharingRoutes.get('/invitations', sharing('My pending invitations.'), async (c) =>
  c.json({ invitations: await listInvitations(c.var.deps.database.db, currentUser(c)) }),
);

const acceptCall = sharing('Accept an invitation.', { body: respondSchema });
sharingRoutes.post('/accept', acceptCall, async (c) => {
  const target = c.req.valid('json');
  return c.json(
    await c.var.deps.database.db.transaction((tx) => accept(tx, target, currentUser(c))),
  );
});

const declineCall = sharing('Decline an invitation.', { body: respondSchema });
sharingRoutes.post('/decline', declineCall, async (c) => {
  const target = c.req.valid('json');
  await c.var.deps.database.db.transaction((tx) => decline(tx, target, currentUser(c)));
  return c.json({ declined: true });
});
