// Sending and drafts. A send resolves every address to a registered user first and refuses
// the whole send, naming the unknown addresses, rather than dropping anyone silently; then one
// transaction writes the message, the sender's Sent copy and each recipient's Inbox copy.
// Attachments are bound to the message: the sender's own uploads are moved onto it, files
// from a mail the sender can read (forwarding) get a row of their own on the same stored blob.
import crypto from 'node:crypto';

import { and, eq, inArray, or } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { MAX_TOTAL_ATTACHMENT_BYTES, type mailDraftSchema } from '../contracts/mail.ts';
import type { Executor } from '../db/client.ts';
import {
  attachments,
  mailboxItems,
  mailMessages,
  users,
  type MailAddress,
} from '../db/schema/index.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { announce, MAIL_NOTICE } from '../live/bus.ts';
import { htmlToText, sanitizeMailHtml } from './sanitize.ts';

type DraftInput = ReturnType<typeof mailDraftSchema.parse>;

async function resolveAddresses(db: Executor, emails: string[]) {
  const unique = [...new Set(emails)];
  if (unique.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await db
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(inArray(users.email, unique), eq(users.status, 'active')));
  return new Map(rows.map((r) => [r.email, { id: r.id, name: `${r.first} ${r.last}`.trim() }]));
}

function toAddresses(emails: string[], known: Map<string, { name: string }>): MailAddress[] {
  return emails.map((email) => ({ email, name: known.get(email)?.name ?? '' }));
}

/** The message id behind one of the viewer's mailbox items, or 404. */
export async function ownedMessageId(db: Executor, viewerId: string, mailId: string) {
  const [row] = await db
    .select({ messageId: mailboxItems.messageId, folder: mailboxItems.folder })
    .from(mailboxItems)
    .where(and(eq(mailboxItems.id, mailId), eq(mailboxItems.ownerId, viewerId)))
    .limit(1);
  if (!row) throw notFound('No such mail.');
  return row;
}

/**
 * Binds attachments to a message. Own unbound uploads (or ones already on this message) move;
 * attachments of a mail the viewer holds are copied (forward: a new row, the same blob).
 * Anything else is a 400, and more than MAX_TOTAL_ATTACHMENT_BYTES together a 413. Rows
 * dropped from the message are deleted; their bytes go with the blob collector once no row
 * points at them.
 */
async function bindAttachments(tx: Executor, viewerId: string, messageId: string, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) {
    await tx.delete(attachments).where(eq(attachments.mailMessageId, messageId));
    return;
  }
  const rows = await tx.select().from(attachments).where(inArray(attachments.id, wanted));
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  if (total > MAX_TOTAL_ATTACHMENT_BYTES) {
    const limit = `${MAX_TOTAL_ATTACHMENT_BYTES / 1024 / 1024} MB`;
    throw new ApiError(413, `Attachments may total at most ${limit}.`, {
      attachmentIds: `The files together are larger than ${limit}.`,
    });
  }
  const copies: { from: string; to: string }[] = [];
  for (const id of wanted) {
    const row = rows.find((r) => r.id === id);
    const own =
      row?.ownerId === viewerId &&
      row.kind === 'mail' &&
      (row.mailMessageId === null || row.mailMessageId === messageId);
    if (own) continue;
    const readable =
      row?.kind === 'mail' && row.mailMessageId
        ? await tx
            .select({ id: mailboxItems.id })
            .from(mailboxItems)
            .where(
              and(
                eq(mailboxItems.ownerId, viewerId),
                eq(mailboxItems.messageId, row.mailMessageId),
              ),
            )
            .limit(1)
        : [];
    if (!row || readable.length === 0)
      throw badRequest('An attachment cannot be used.', {
        attachmentIds: `Attachment ${id} does not exist or is not yours.`,
      });
    copies.push({ from: row.id, to: crypto.randomUUID() });
  }
  // detach files removed from a draft
  await tx
    .delete(attachments)
    .where(and(eq(attachments.mailMessageId, messageId), eq(attachments.ownerId, viewerId)));
  const owned = wanted.filter((id) => !copies.some((c) => c.from === id));
  if (owned.length > 0) {
    const ownRows = rows.filter((r) => owned.includes(r.id));
    await tx
      .insert(attachments)
      .values(ownRows.map((r) => ({ ...r, mailMessageId: messageId })))
      .onConflictDoUpdate({ target: attachments.id, set: { mailMessageId: messageId } });
  }
  for (const copy of copies) {
    const source = rows.find((r) => r.id === copy.from)!;
    await tx.insert(attachments).values({
      id: copy.to,
      ownerId: viewerId,
      kind: 'mail',
      mailMessageId: messageId,
      fileName: source.fileName,
      contentType: source.contentType,
      size: source.size,
      blobHash: source.blobHash,
    });
  }
}

function messageFields(input: DraftInput, known: Map<string, { name: string }>) {
  const bodyHtml = sanitizeMailHtml(input.body);
  return {
    subject: input.subject,
    bodyHtml,
    bodyText: htmlToText(bodyHtml),
    to: toAddresses(input.to, known),
    cc: toAddresses(input.cc, known),
    bcc: toAddresses(input.bcc, known),
    updatedAt: new Date(),
  };
}

async function draftMessageId(tx: Executor, viewerId: string, draftId: string) {
  const [row] = await tx
    .select({ messageId: mailboxItems.messageId })
    .from(mailboxItems)
    .where(
      and(
        eq(mailboxItems.id, draftId),
        eq(mailboxItems.ownerId, viewerId),
        eq(mailboxItems.folder, 'drafts'),
      ),
    )
    .limit(1);
  if (!row) throw badRequest('No such draft.', { draftId: 'No such draft.' });
  return row.messageId;
}

async function replyTarget(tx: Executor, viewerId: string, mailId: string | undefined) {
  if (!mailId) return null;
  const [row] = await tx
    .select({ messageId: mailboxItems.messageId })
    .from(mailboxItems)
    .where(and(eq(mailboxItems.id, mailId), eq(mailboxItems.ownerId, viewerId)))
    .limit(1);
  if (!row) throw badRequest('No such mail to reply to.', { inReplyToMailId: 'No such mail.' });
  return row.messageId;
}

/** Creates or updates a draft; returns the draft's mailbox item id. */
export async function saveDraft(deps: AppDeps, viewerId: string, input: DraftInput) {
  const db = deps.database.db;
  const known = await resolveAddresses(db, [...input.to, ...input.cc, ...input.bcc]);
  const itemId = await db.transaction(async (tx) => {
    const inReplyToId = await replyTarget(tx, viewerId, input.inReplyToMailId);
    if (input.draftId) {
      const messageId = await draftMessageId(tx, viewerId, input.draftId);
      await tx
        .update(mailMessages)
        .set({ ...messageFields(input, known), inReplyToId })
        .where(eq(mailMessages.id, messageId));
      await tx
        .update(mailboxItems)
        .set({ receivedAt: new Date() })
        .where(eq(mailboxItems.id, input.draftId));
      await bindAttachments(tx, viewerId, messageId, input.attachmentIds);
      return input.draftId;
    }
    const [message] = await tx
      .insert(mailMessages)
      .values({ senderId: viewerId, ...messageFields(input, known), inReplyToId })
      .returning({ id: mailMessages.id });
    const [item] = await tx
      .insert(mailboxItems)
      .values({ ownerId: viewerId, messageId: message!.id, folder: 'drafts', isRead: true })
      .returning({ id: mailboxItems.id });
    await bindAttachments(tx, viewerId, message!.id, input.attachmentIds);
    return item!.id;
  });
  return itemId;
}

/** Sends (a new mail or a draft); returns the sender's Sent item id. */
export async function sendMail(deps: AppDeps, viewerId: string, input: DraftInput) {
  const db = deps.database.db;
  const known = await resolveAddresses(db, [...input.to, ...input.cc, ...input.bcc]);
  const fields: Record<string, string> = {};
  for (const key of ['to', 'cc', 'bcc'] as const) {
    const unknown = input[key].filter((e) => !known.has(e));
    if (unknown.length > 0) fields[key] = `No Clipdeck user has the address ${unknown.join(', ')}.`;
  }
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields).join(' '), fields);

  const itemId = await db.transaction(async (tx) => {
    const inReplyToId = await replyTarget(tx, viewerId, input.inReplyToMailId);
    const now = new Date();
    let messageId: string;
    let sentItemId: string;
    if (input.draftId) {
      messageId = await draftMessageId(tx, viewerId, input.draftId);
      await tx
        .update(mailMessages)
        .set({ ...messageFields(input, known), inReplyToId, sentAt: now })
        .where(eq(mailMessages.id, messageId));
      await tx
        .update(mailboxItems)
        .set({ folder: 'sent', receivedAt: now })
        .where(eq(mailboxItems.id, input.draftId));
      sentItemId = input.draftId;
    } else {
      const [message] = await tx
        .insert(mailMessages)
        .values({ senderId: viewerId, ...messageFields(input, known), inReplyToId, sentAt: now })
        .returning({ id: mailMessages.id });
      messageId = message!.id;
      const [item] = await tx
        .insert(mailboxItems)
        .values({ ownerId: viewerId, messageId, folder: 'sent', isRead: true, receivedAt: now })
        .returning({ id: mailboxItems.id });
      sentItemId = item!.id;
    }
    await bindAttachments(tx, viewerId, messageId, input.attachmentIds);
    const recipients = new Set(
      [...input.to, ...input.cc, ...input.bcc].map((e) => known.get(e)!.id),
    );
    recipients.delete(viewerId);
    if (recipients.size > 0) {
      announce(MAIL_NOTICE);
      await tx.insert(mailboxItems).values(
        [...recipients].map((ownerId) => ({
          ownerId,
          messageId,
          folder: 'inbox' as const,
          receivedAt: now,
        })),
      );
    }
    return sentItemId;
  });
  return itemId;
}

/**
 * Deletes the viewer's copies; messages nobody holds any more go with their attachment rows
 * (their bytes with the blob collector, once no row points at them).
 */
export async function deleteForever(deps: AppDeps, viewerId: string, mailIds: string[]) {
  const db = deps.database.db;
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(mailboxItems)
      .where(and(eq(mailboxItems.ownerId, viewerId), inArray(mailboxItems.id, mailIds)))
      .returning({ messageId: mailboxItems.messageId });
    const messageIds = [...new Set(removed.map((r) => r.messageId))];
    if (messageIds.length === 0) return;
    const stillHeld = await tx
      .selectDistinct({ messageId: mailboxItems.messageId })
      .from(mailboxItems)
      .where(inArray(mailboxItems.messageId, messageIds));
    const orphans = messageIds.filter((id) => !stillHeld.some((r) => r.messageId === id));
    if (orphans.length === 0) return;
    await tx.delete(mailMessages).where(inArray(mailMessages.id, orphans));
  });
  return { deleted: mailIds.length };
}

/** Whether the viewer may read an attachment: they uploaded it or hold its message. */
export async function canReadMailAttachment(db: Executor, viewerId: string, attachmentId: string) {
  const [row] = await db
    .select({
      id: attachments.id,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      size: attachments.size,
      blobHash: attachments.blobHash,
    })
    .from(attachments)
    .leftJoin(
      mailboxItems,
      and(
        eq(mailboxItems.messageId, attachments.mailMessageId),
        eq(mailboxItems.ownerId, viewerId),
      ),
    )
    .where(
      and(
        eq(attachments.id, attachmentId),
        eq(attachments.kind, 'mail'),
        or(eq(attachments.ownerId, viewerId), eq(mailboxItems.ownerId, viewerId)),
      ),
    )
    .limit(1);
  return row ?? null;
}
