// Mailbox rows → the `Mail` shape of the API. Bcc is shown only to the sender; the label ids
// a mail carries are derived here once, so the server's filters and the client's offline
// mirror (Dexie index `labelIds*`) agree on what "Starred" or "All" contains.
import { inArray } from 'drizzle-orm';

import type { Mail, MailAttachment, MailPerson } from '../contracts/mail.ts';
import type { Executor } from '../db/client.ts';
import { attachments, type MailAddress, type MailFolder } from '../db/schema/index.ts';

export interface MailRow {
  id: string;
  messageId: string;
  folder: MailFolder;
  isRead: boolean;
  isStarred: boolean;
  isImportant: boolean;
  labelIds: string[];
  receivedAt: Date;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  inReplyToId: string | null;
  sentAt: Date | null;
  senderId: string;
  senderFirstName: string;
  senderLastName: string;
  senderEmail: string;
}

export function derivedLabelIds(row: {
  folder: MailFolder;
  isStarred: boolean;
  isImportant: boolean;
  labelIds: string[];
}): string[] {
  const out: string[] = [row.folder];
  const live = row.folder !== 'trash' && row.folder !== 'spam';
  if (row.folder === 'inbox' || row.folder === 'sent') out.push('all');
  if (live && row.isStarred) out.push('starred');
  if (live && row.isImportant) out.push('important');
  if (live) out.push(...row.labelIds);
  return out;
}

export async function attachmentsByMessage(
  db: Executor,
  messageIds: string[],
): Promise<Map<string, MailAttachment[]>> {
  const map = new Map<string, MailAttachment[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .select({
      id: attachments.id,
      messageId: attachments.mailMessageId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      size: attachments.size,
    })
    .from(attachments)
    .where(inArray(attachments.mailMessageId, [...new Set(messageIds)]))
    .orderBy(attachments.createdAt);
  for (const { messageId, ...a } of rows) {
    const list = map.get(messageId!) ?? [];
    list.push(a);
    map.set(messageId!, list);
  }
  return map;
}

const PREVIEW = 160;

export function toMail(row: MailRow, viewerId: string, files: Map<string, MailAttachment[]>): Mail {
  const from: MailPerson = {
    id: row.senderId,
    name: `${row.senderFirstName} ${row.senderLastName}`.trim(),
    email: row.senderEmail,
  };
  return {
    id: row.id,
    messageId: row.messageId,
    folder: row.folder,
    labelIds: derivedLabelIds(row),
    subject: row.subject,
    message: row.bodyHtml,
    preview: row.bodyText.slice(0, PREVIEW),
    from,
    to: row.to,
    cc: row.cc,
    bcc: row.senderId === viewerId ? row.bcc : [],
    isRead: row.isRead,
    isStarred: row.isStarred,
    isImportant: row.isImportant,
    isDraft: row.sentAt === null,
    attachments: files.get(row.messageId) ?? [],
    inReplyToId: row.inReplyToId,
    createdAt: row.receivedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
