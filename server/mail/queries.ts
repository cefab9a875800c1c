// Reads of one user's mailbox. Every query starts from `mailbox_items.owner_id = viewer`, so
// a mail id belonging to someone else is simply "not found". Lists are ordered by
// (received_at, id) descending and page by that pair as a cursor (or by page number).
import { and, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';

import type { Mail, MailLabel } from '../contracts/mail.ts';
import { SYSTEM_LABELS } from '../contracts/mail.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { mailboxItems, mailLabels, mailMessages, users } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { attachmentsByMessage, toMail } from './serialize.ts';

const mailColumns = {
  id: mailboxItems.id,
  messageId: mailboxItems.messageId,
  folder: mailboxItems.folder,
  isRead: mailboxItems.isRead,
  isStarred: mailboxItems.isStarred,
  isImportant: mailboxItems.isImportant,
  labelIds: mailboxItems.labelIds,
  receivedAt: mailboxItems.receivedAt,
  subject: mailMessages.subject,
  bodyHtml: mailMessages.bodyHtml,
  bodyText: mailMessages.bodyText,
  to: mailMessages.to,
  cc: mailMessages.cc,
  bcc: mailMessages.bcc,
  inReplyToId: mailMessages.inReplyToId,
  sentAt: mailMessages.sentAt,
  senderId: mailMessages.senderId,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderEmail: users.email,
};

function selectMails(db: Executor) {
  return db
    .select(mailColumns)
    .from(mailboxItems)
    .innerJoin(mailMessages, eq(mailMessages.id, mailboxItems.messageId))
    .innerJoin(users, eq(users.id, mailMessages.senderId));
}

const LIVE = not(inArray(mailboxItems.folder, ['trash', 'spam']));

/** The filter for a label id: a system label or one of the viewer's own labels. */
export function labelFilter(labelId: string): SQL {
  switch (labelId) {
    case 'all':
      return inArray(mailboxItems.folder, ['inbox', 'sent']);
    case 'starred':
      return and(eq(mailboxItems.isStarred, true), LIVE)!;
    case 'important':
      return and(eq(mailboxItems.isImportant, true), LIVE)!;
    case 'inbox':
    case 'sent':
    case 'drafts':
    case 'spam':
    case 'trash':
      return eq(mailboxItems.folder, labelId);
    default:
      if (!/^[0-9a-f-]{36}$/i.test(labelId))
        throw badRequest('Unknown label.', { labelId: 'Unknown label.' });
      return and(sql`${mailboxItems.labelIds} @> ARRAY[${labelId}]::text[]`, LIVE)!;
  }
}

export function encodeCursor(mail: Mail): string {
  return Buffer.from(`${mail.createdAt}|${mail.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime()))
    throw badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  return { at: date, id };
}

export interface ListOptions {
  labelId: string;
  search?: string;
  unread?: boolean;
  cursor?: string;
  page?: number;
  limit: number;
}

export async function listMails(db: Executor, viewerId: string, options: ListOptions) {
  const where: SQL[] = [eq(mailboxItems.ownerId, viewerId), labelFilter(options.labelId)];
  if (options.unread) where.push(eq(mailboxItems.isRead, false));
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(
      or(
        sql`${mailMessages.subject} ILIKE ${pattern}`,
        sql`${mailMessages.bodyText} ILIKE ${pattern}`,
        sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
        sql`${users.email} ILIKE ${pattern}`,
        sql`${mailMessages.to}::text ILIKE ${pattern}`,
      )!,
    );
  }
  if (options.cursor) {
    const { at, id } = decodeCursor(options.cursor);
    where.push(
      sql`(${mailboxItems.receivedAt}, ${mailboxItems.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`,
    );
  }
  const offset = !options.cursor && options.page ? (options.page - 1) * options.limit : 0;
  const rows = await selectMails(db)
    .where(and(...where))
    .orderBy(desc(mailboxItems.receivedAt), desc(mailboxItems.id))
    .limit(options.limit + 1)
    .offset(offset);
  const more = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  const files = await attachmentsByMessage(
    db,
    page.map((r) => r.messageId),
  );
  const mails = page.map((r) => toMail(r, viewerId, files));
  const last = mails.at(-1);
  return { mails, nextCursor: more && last ? encodeCursor(last) : null };
}

export async function getMails(db: Executor, viewerId: string, ids: string[]): Promise<Mail[]> {
  if (ids.length === 0) return [];
  const rows = await selectMails(db)
    .where(and(eq(mailboxItems.ownerId, viewerId), inArray(mailboxItems.id, ids)))
    .orderBy(desc(mailboxItems.receivedAt));
  const files = await attachmentsByMessage(
    db,
    rows.map((r) => r.messageId),
  );
  return rows.map((r) => toMail(r, viewerId, files));
}

const SYSTEM_NAMES: Record<(typeof SYSTEM_LABELS)[number], string> = {
  all: 'All mail',
  inbox: 'Inbox',
  sent: 'Sent',
  drafts: 'Drafts',
  starred: 'Starred',
  important: 'Important',
  spam: 'Spam',
  trash: 'Trash',
};

export async function listLabels(db: Executor, viewerId: string): Promise<MailLabel[]> {
  const live = sql`${mailboxItems.folder} NOT IN ('trash', 'spam')`;
  const count = (filter: SQL) => sql<number>`count(*) filter (where ${filter})::int`;
  const unread = (filter: SQL) => count(sql`${filter} and not ${mailboxItems.isRead}`);
  const filters: Record<string, SQL> = {
    all: sql`${mailboxItems.folder} IN ('inbox', 'sent')`,
    inbox: sql`${mailboxItems.folder} = 'inbox'`,
    sent: sql`${mailboxItems.folder} = 'sent'`,
    drafts: sql`${mailboxItems.folder} = 'drafts'`,
    starred: sql`${mailboxItems.isStarred} and ${live}`,
    important: sql`${mailboxItems.isImportant} and ${live}`,
    spam: sql`${mailboxItems.folder} = 'spam'`,
    trash: sql`${mailboxItems.folder} = 'trash'`,
  };
  const columns: Record<string, SQL<number>> = {};
  for (const [key, filter] of Object.entries(filters)) {
    columns[`${key}Total`] = count(filter);
    columns[`${key}Unread`] = unread(filter);
  }
  const [totals] = await db
    .select(columns)
    .from(mailboxItems)
    .where(eq(mailboxItems.ownerId, viewerId));
  const system: MailLabel[] = SYSTEM_LABELS.map((id) => ({
    id,
    type: 'system',
    name: SYSTEM_NAMES[id],
    color: null,
    unreadCount: id === 'drafts' ? 0 : Number(totals?.[`${id}Unread`] ?? 0),
    totalCount: Number(totals?.[`${id}Total`] ?? 0),
  }));
  const own = await db
    .select()
    .from(mailLabels)
    .where(eq(mailLabels.ownerId, viewerId))
    .orderBy(mailLabels.name);
  const counted = await queryRows<{ label_id: string; total: number; unread: number }>(
    db,
    sql`
      select l as label_id, count(*)::int as total,
             count(*) filter (where not ${mailboxItems.isRead})::int as unread
      from ${mailboxItems}, unnest(${mailboxItems.labelIds}) as l
      where ${mailboxItems.ownerId} = ${viewerId} and ${live}
      group by l`,
  );
  const byId = new Map(counted.map((r) => [r.label_id, r]));
  return [
    ...system,
    ...own.map((l) => ({
      id: l.id,
      type: 'custom' as const,
      name: l.name,
      color: l.color,
      unreadCount: Number(byId.get(l.id)?.unread ?? 0),
      totalCount: Number(byId.get(l.id)?.total ?? 0),
    })),
  ];
}
