// Mail REST calls (those of docs/api.md and what the mail page needs). Every call is behind
// `requireUser` and works on the caller's own mailbox items; ids of other users' items are
// "not found". The rules are server/mail's: sending and drafts (delivery.ts, which sanitises
// bodies on the way in), changes to one's mail (mailbox.ts); labels and attachments are
// mail-labels.ts's.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  mailDraftSchema,
  mailFlagsSchema,
  mailIdQuery,
  mailIdsSchema,
  mailLabelAssignSchema,
  mailListQuery,
  mailMoveSchema,
  sendMailSchema,
} from '../contracts/mail.ts';
import { notFound } from '../lib/errors.ts';
import { deleteForever, saveDraft, sendMail } from '../mail/delivery.ts';
import { assignLabels, moveMails, restoreMails, setFlags } from '../mail/mailbox.ts';
import { getMails, listLabels, listMails } from '../mail/queries.ts';
import { verifiedSender } from '../mail/verified-sender.ts';
import { routeGroup } from '../openapi/route.ts';
import { mailLabelRoutes } from './mail-labels.ts';

export const mailRoutes = new Hono<AppEnv>();
mailRoutes.use('*', requireUser);

const mailRoute = routeGroup({ tag: 'Mail', access: 'user' });

mailRoutes.get('/labels', mailRoute('My folders and labels with their counts.'), async (c) =>
  c.json({ labels: await listLabels(c.var.deps.database.db, currentUser(c).id) }),
);

const list = mailRoute('A page of mails in a folder or label, optionally searched.', {
  query: mailListQuery,
});
mailRoutes.get('/mails', list, async (c) => {
  const q = c.req.valid('query');
  const result = await listMails(c.var.deps.database.db, currentUser(c).id, {
    labelId: q.labelId,
    search: q.search || undefined,
    unread: q.unread === 'true',
    cursor: q.cursor,
    page: q.page,
    limit: q.limit,
  });
  return c.json(result);
});

mailRoutes.get('/mail', mailRoute('One mail.', { query: mailIdQuery }), async (c) => {
  const { mailId } = c.req.valid('query');
  const [mail] = await getMails(c.var.deps.database.db, currentUser(c).id, [mailId]);
  if (!mail) throw notFound('No such mail.');
  return c.json({ mail });
});

mailRoutes.post(
  '/send',
  mailRoute('Send a mail (a verified address is needed).', { body: sendMailSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    const userId = currentUser(c).id;
    const db = c.var.deps.database.db;
    await verifiedSender(db, userId);
    const [mail] = await getMails(db, userId, [await sendMail(c.var.deps, userId, input)]);
    return c.json({ mail }, 201);
  },
);

mailRoutes.post(
  '/drafts',
  mailRoute('Save a draft (201 when new).', { body: mailDraftSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    const userId = currentUser(c).id;
    const id = await saveDraft(c.var.deps, userId, input);
    const [mail] = await getMails(c.var.deps.database.db, userId, [id]);
    return c.json({ mail }, input.draftId ? 200 : 201);
  },
);

mailRoutes.post(
  '/mails/flags',
  mailRoute('Mark mails read, starred or important.', { body: mailFlagsSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json({ mails: await setFlags(c.var.deps.database.db, currentUser(c).id, input) });
  },
);

mailRoutes.post(
  '/mails/move',
  mailRoute('Move mails to the inbox, spam or trash.', { body: mailMoveSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json({ mails: await moveMails(c.var.deps.database.db, currentUser(c).id, input) });
  },
);

mailRoutes.post(
  '/mails/restore',
  mailRoute('Restore mails from the trash.', { body: mailIdsSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json({ mails: await restoreMails(c.var.deps.database.db, currentUser(c).id, input) });
  },
);

mailRoutes.post(
  '/mails/delete',
  mailRoute('Delete mails for good.', { body: mailIdsSchema }),
  async (c) => {
    const { mailIds } = c.req.valid('json');
    await deleteForever(c.var.deps, currentUser(c).id, mailIds);
    return c.json({ deleted: mailIds });
  },
);

mailRoutes.post(
  '/mails/labels',
  mailRoute('Add and remove labels on mails.', { body: mailLabelAssignSchema }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json({ mails: await assignLabels(c.var.deps.database.db, currentUser(c).id, input) });
  },
);

mailRoutes.route('/', mailLabelRoutes);
