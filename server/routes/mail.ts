// Mail REST calls (spec point 7 plus what the mail page needs). Every call is behind
// `requireUser` and works on the caller's own mailbox items; ids of other users' items are
// "not found". Bodies are sanitised on the way in (server/mail/sanitize.ts).
import crypto from 'node:crypto';

import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { attachments, mailboxItems, mailLabels, users } from '../db/schema/index.ts';
import { safeUploadName } from '../files/tus.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound, parseJson, parseQuery } from '../lib/errors.ts';
import { attachmentResponse, storeAttachment } from '../mail/attachment-store.ts';
import { canReadMailAttachment, deleteForever, saveDraft, sendMail } from '../mail/delivery.ts';
import { getMails, listLabels, listMails } from '../mail/queries.ts';

export const mailRoutes = new Hono<AppEnv>();
mailRoutes.use('*', requireUser);

mailRoutes.get('/labels', async (c) => {
  const labels = await listLabels(c.var.deps.database.db, currentUser(c).id);
  return c.json({ labels });
});

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

export const VERIFY_TO_SEND =
  'Verify your email address before sending mail: mail goes out under it.';

mailRoutes.post('/send', async (c) => {
  const input = await parseJson(c, sendMailSchema);
  const userId = currentUser(c).id;
  const [sender] = await c.var.deps.database.db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!sender?.verifiedAt) throw forbidden(VERIFY_TO_SEND);
  const id = await sendMail(c.var.deps, userId, input);
  const [mail] = await getMails(c.var.deps.database.db, userId, [id]);
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
  const { mailIds, ...flags } = await parseJson(c, mailFlagsSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  await db
    .update(mailboxItems)
    .set(flags)
    .where(and(eq(mailboxItems.ownerId, userId), inArray(mailboxItems.id, mailIds)));
  return c.json({ mails: await getMails(db, userId, mailIds) });
});

mailRoutes.post('/mails/move', async (c) => {
  const { mailIds, folder } = await parseJson(c, mailMoveSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  const mine = and(eq(mailboxItems.ownerId, userId), inArray(mailboxItems.id, mailIds));
  if (folder === 'trash') {
    await db
      .update(mailboxItems)
      .set({
        previousFolder: sql`case when ${mailboxItems.folder} = 'trash' then ${mailboxItems.previousFolder} else ${mailboxItems.folder} end`,
        folder: 'trash',
      })
      .where(mine);
  } else {
    // sent mail and drafts keep their folder: only received mail moves between inbox and spam
    await db
      .update(mailboxItems)
      .set({ folder, previousFolder: null })
      .where(and(mine, inArray(mailboxItems.folder, ['inbox', 'spam', 'trash'])));
  }
  return c.json({ mails: await getMails(db, userId, mailIds) });
});

mailRoutes.post('/mails/restore', async (c) => {
  const { mailIds } = await parseJson(c, mailIdsSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  await db
    .update(mailboxItems)
    .set({ folder: sql`coalesce(${mailboxItems.previousFolder}, 'inbox')`, previousFolder: null })
    .where(
      and(
        eq(mailboxItems.ownerId, userId),
        inArray(mailboxItems.id, mailIds),
        eq(mailboxItems.folder, 'trash'),
      ),
    );
  return c.json({ mails: await getMails(db, userId, mailIds) });
});

mailRoutes.post('/mails/delete', async (c) => {
  const { mailIds } = await parseJson(c, mailIdsSchema);
  await deleteForever(c.var.deps, currentUser(c).id, mailIds);
  return c.json({ deleted: mailIds });
});

mailRoutes.post('/mails/labels', async (c) => {
  const { mailIds, add, remove } = await parseJson(c, mailLabelAssignSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  const asked = [...new Set([...add, ...remove])];
  if (asked.length > 0) {
    const own = await db
      .select({ id: mailLabels.id })
      .from(mailLabels)
      .where(and(eq(mailLabels.ownerId, userId), inArray(mailLabels.id, asked)));
    if (own.length !== asked.length) throw badRequest('Unknown label.', { add: 'Unknown label.' });
  }
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: mailboxItems.id, labelIds: mailboxItems.labelIds })
      .from(mailboxItems)
      .where(and(eq(mailboxItems.ownerId, userId), inArray(mailboxItems.id, mailIds)));
    for (const row of rows) {
      const next = [...new Set([...row.labelIds, ...add])].filter((l) => !remove.includes(l));
      await tx.update(mailboxItems).set({ labelIds: next }).where(eq(mailboxItems.id, row.id));
    }
  });
  return c.json({ mails: await getMails(db, userId, mailIds) });
});

mailRoutes.post('/labels/new', async (c) => {
  const input = await parseJson(c, labelCreateSchema);
  try {
    const [label] = await c.var.deps.database.db
      .insert(mailLabels)
      .values({ ownerId: currentUser(c).id, ...input })
      .returning();
    return c.json({ label: { ...label, type: 'custom', unreadCount: 0, totalCount: 0 } }, 201);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('You already have a label with this name.', { name: 'Already used.' });
    throw error;
  }
});

mailRoutes.post('/labels/update', async (c) => {
  const { labelId, ...changes } = await parseJson(c, labelUpdateSchema);
  const db = c.var.deps.database.db;
  const mine = and(eq(mailLabels.id, labelId), eq(mailLabels.ownerId, currentUser(c).id));
  try {
    // nothing to change answers the label as it is (an UPDATE with no column is an error)
    const [label] = Object.values(changes).some((v) => v !== undefined)
      ? await db.update(mailLabels).set(changes).where(mine).returning()
      : await db.select().from(mailLabels).where(mine);
    if (!label) throw notFound('No such label.');
    return c.json({ label: { ...label, type: 'custom' } });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('You already have a label with this name.', { name: 'Already used.' });
    throw error;
  }
});

mailRoutes.post('/labels/delete', async (c) => {
  const { labelId } = await parseJson(c, labelDeleteSchema);
  const userId = currentUser(c).id;
  await c.var.deps.database.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(mailLabels)
      .where(and(eq(mailLabels.id, labelId), eq(mailLabels.ownerId, userId)))
      .returning({ id: mailLabels.id });
    if (!gone) throw notFound('No such label.');
    await tx
      .update(mailboxItems)
      .set({ labelIds: sql`array_remove(${mailboxItems.labelIds}, ${labelId})` })
      .where(eq(mailboxItems.ownerId, userId));
  });
  return c.json({ labelId });
});

mailRoutes.post('/attachments', async (c) => {
  const userId = currentUser(c).id;
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest('Send the file as multipart/form-data.', { file: 'Missing file.' });
  }
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('Missing file.', { file: 'Missing file.' });
  if (file.size === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  if (file.size > MAX_ATTACHMENT_BYTES)
    throw badRequest('A file may be at most 10 MB.', { file: 'A file may be at most 10 MB.' });
  // the name as a plain name: no folders, no control characters (PostgreSQL refuses a NUL)
  const fileName = safeUploadName(file.name).slice(0, 200) || 'file';
  const id = crypto.randomUUID();
  const blob = await storeAttachment(c.var.deps, userId, file, MAX_ATTACHMENT_BYTES);
  const contentType = /^[\w.+-]+\/[\w.+-]+$/.test(file.type)
    ? file.type
    : 'application/octet-stream';
  await c.var.deps.database.db.insert(attachments).values({
    id,
    ownerId: userId,
    kind: 'mail',
    fileName,
    contentType,
    size: blob.size,
    blobHash: blob.hash,
  });
  return c.json({ attachment: { id, fileName, contentType, size: file.size } }, 201);
});

const INLINE = /^image\/(png|jpeg|gif|webp)$/;

mailRoutes.get('/attachments/:id', async (c) => {
  const id = c.req.param('id');
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('Invalid attachment id.', { id: 'Invalid id.' });
  const row = await canReadMailAttachment(c.var.deps.database.db, currentUser(c).id, id);
  if (!row) throw notFound('No such attachment.');
  const inline = INLINE.test(row.contentType);
  const answer = await attachmentResponse(c.var.deps, c.req.raw, row, inline);
  if (!answer) throw notFound('The file is missing.');
  return answer;
});
