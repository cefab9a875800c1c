// Mail REST calls (those of docs/api.md and what the mail page needs). Every call is behind
// `requireUser` and works on the caller's own mailbox items; ids of other users' items are
// "not found". The rules are server/mail's: sending and drafts (delivery.ts, which sanitises
// bodies on the way in), changes to one's mail (mailbox.ts), labels (labels.ts), attachments.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  labelCreateSchema,
  labelDeleteSchema,
  labelUpdateSchema,
  mailDraftSchema,
  mailFlagsSchema,
  mailIdQuery,
  mailIdsSchema,
  mailLabelAssignSchema,
  mailListQuery,
  mailMoveSchema,
  MAX_ATTACHMENT_BYTES,
  sendMailSchema,
} from '../contracts/mail.ts';
import { badRequest, notFound, parseJson, parseQuery } from '../lib/errors.ts';
import { formFile } from '../lib/form-file.ts';
import { attachmentResponse, saveAttachment } from '../mail/attachment-store.ts';
import { canReadMailAttachment, deleteForever, saveDraft, sendMail } from '../mail/delivery.ts';
import { createLabel, deleteLabel, updateLabel } from '../mail/labels.ts';
import { assignLabels, moveMails, restoreMails, setFlags } from '../mail/mailbox.ts';
import { getMails, listLabels, listMails } from '../mail/queries.ts';
import { verifiedSender } from '../mail/verified-sender.ts';

export const mailRoutes = new Hono<AppEnv>();
mailRoutes.use('*', requireUser);

const ATTACHMENT_ID = /^[0-9a-f-]{36}$/;
/** Attachments a browser may show in the page; anything else is a download. */
const INLINE = /^image\/(png|jpeg|gif|webp)$/;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

mailRoutes.get('/labels', async (c) =>
  c.json({ labels: await listLabels(c.var.deps.database.db, currentUser(c).id) }),
);

mailRoutes.get('/mails', async (c) => {
  const q = parseQuery(c, mailListQuery);
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

mailRoutes.get('/mail', async (c) => {
  const { mailId } = parseQuery(c, mailIdQuery);
  const [mail] = await getMails(c.var.deps.database.db, currentUser(c).id, [mailId]);
  if (!mail) throw notFound('No such mail.');
  return c.json({ mail });
});

mailRoutes.post('/send', async (c) => {
  const input = await parseJson(c, sendMailSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  await verifiedSender(db, userId);
  const [mail] = await getMails(db, userId, [await sendMail(c.var.deps, userId, input)]);
  return c.json({ mail }, 201);
});

mailRoutes.post('/drafts', async (c) => {
  const input = await parseJson(c, mailDraftSchema);
  const userId = currentUser(c).id;
  const id = await saveDraft(c.var.deps, userId, input);
  const [mail] = await getMails(c.var.deps.database.db, userId, [id]);
  return c.json({ mail }, input.draftId ? 200 : 201);
});

mailRoutes.post('/mails/flags', async (c) => {
  const input = await parseJson(c, mailFlagsSchema);
  return c.json({ mails: await setFlags(c.var.deps.database.db, currentUser(c).id, input) });
});

mailRoutes.post('/mails/move', async (c) => {
  const input = await parseJson(c, mailMoveSchema);
  return c.json({ mails: await moveMails(c.var.deps.database.db, currentUser(c).id, input) });
});

mailRoutes.post('/mails/restore', async (c) => {
  const input = await parseJson(c, mailIdsSchema);
  return c.json({ mails: await restoreMails(c.var.deps.database.db, currentUser(c).id, input) });
});

mailRoutes.post('/mails/delete', async (c) => {
  const { mailIds } = await parseJson(c, mailIdsSchema);
  await deleteForever(c.var.deps, currentUser(c).id, mailIds);
  return c.json({ deleted: mailIds });
});

mailRoutes.post('/mails/labels', async (c) => {
  const input = await parseJson(c, mailLabelAssignSchema);
  return c.json({ mails: await assignLabels(c.var.deps.database.db, currentUser(c).id, input) });
});

mailRoutes.post('/labels/new', async (c) => {
  const input = await parseJson(c, labelCreateSchema);
  const label = await createLabel(c.var.deps.database.db, currentUser(c).id, input);
  return c.json({ label }, 201);
});

mailRoutes.post('/labels/update', async (c) => {
  const input = await parseJson(c, labelUpdateSchema);
  return c.json({ label: await updateLabel(c.var.deps.database.db, currentUser(c).id, input) });
});

mailRoutes.post('/labels/delete', async (c) => {
  const input = await parseJson(c, labelDeleteSchema);
  await deleteLabel(c.var.deps.database.db, currentUser(c).id, input);
  return c.json({ labelId: input.labelId });
});

mailRoutes.post('/attachments', async (c) => {
  const file = await formFile(c, 'file');
  if (file.size === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  if (file.size > MAX_ATTACHMENT_BYTES)
    throw badRequest('A file may be at most 10 MB.', { file: 'A file may be at most 10 MB.' });
  const attachment = await saveAttachment(c.var.deps, currentUser(c).id, file, {
    kind: 'mail',
    maxBytes: MAX_ATTACHMENT_BYTES,
    contentType: CONTENT_TYPE.test(file.type) ? file.type : 'application/octet-stream',
    unnamed: 'file',
  });
  return c.json({ attachment }, 201);
});

mailRoutes.get('/attachments/:id', async (c) => {
  const id = c.req.param('id');
  if (!ATTACHMENT_ID.test(id)) throw badRequest('Invalid attachment id.', { id: 'Invalid id.' });
  const row = await canReadMailAttachment(c.var.deps.database.db, currentUser(c).id, id);
  if (!row) throw notFound('No such attachment.');
  const answer = await attachmentResponse(c.var.deps, c.req.raw, row, INLINE.test(row.contentType));
  if (!answer) throw notFound('The file is missing.');
  return answer;
});
