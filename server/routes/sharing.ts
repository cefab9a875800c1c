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
import { parseJson, parseQuery } from '../lib/errors.ts';
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

export const sharingRoutes = new Hono<AppEnv>();
sharingRoutes.use('*', requireUser);

sharingRoutes.get('/members', async (c) => {
  const target = parseQuery(c, shareTargetSchema);
  return c.json({ members: await listMembers(c.var.deps.database.db, target, currentUser(c)) });
});

sharingRoutes.post('/invite', async (c) => {
  const input = await parseJson(c, inviteSchema);
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

sharingRoutes.post('/role', async (c) => {
  const input = await parseJson(c, changeRoleSchema);
  const member = await c.var.deps.database.db.transaction((tx) =>
    changeRole(tx, input, currentUser(c)),
  );
  return c.json({ member });
});

sharingRoutes.post('/remove', async (c) => {
  const input = await parseJson(c, removeMemberSchema);
  await c.var.deps.database.db.transaction((tx) => removeMember(tx, input, currentUser(c)));
  return c.json({ removed: true });
});

sharingRoutes.get('/invitations', async (c) =>
  c.json({ invitations: await listInvitations(c.var.deps.database.db, currentUser(c)) }),
);

sharingRoutes.post('/accept', async (c) => {
  const target = await parseJson(c, respondSchema);
  return c.json(
    await c.var.deps.database.db.transaction((tx) => accept(tx, target, currentUser(c))),
  );
});

sharingRoutes.post('/decline', async (c) => {
  const target = await parseJson(c, respondSchema);
  await c.var.deps.database.db.transaction((tx) => decline(tx, target, currentUser(c)));
  return c.json({ declined: true });
});
