// Mail between the product's users. A message is written once (`mail_messages`); each
// mailbox that holds it (the sender's Sent or Drafts, every recipient's Inbox) has its own
// `mailbox_items` row with that user's folder, flags and labels, so one user's "read",
// "star" or "trash" never touches another's copy. The id clients see is the item id, which
// is why every read is scoped by `mailbox_items.owner_id`. `seq` orders deliveries for the
// realtime stream (resume after a reconnect without loss).
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export interface MailAddress {
  name: string;
  email: string;
}

export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull().default(''),
    /** sanitised HTML */
    bodyHtml: text('body_html').notNull().default(''),
    /** plain text of the body, for search and previews */
    bodyText: text('body_text').notNull().default(''),
    to: jsonb('to').$type<MailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<MailAddress[]>().notNull().default([]),
    /** only ever shown to the sender */
    bcc: jsonb('bcc').$type<MailAddress[]>().notNull().default([]),
    inReplyToId: uuid('in_reply_to_id'),
    /** null while the message is a draft */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_messages_sender_idx').on(t.senderId)],
);

export const MAIL_FOLDERS = ['inbox', 'sent', 'drafts', 'spam', 'trash'] as const;
export type MailFolder = (typeof MAIL_FOLDERS)[number];

export const mailboxItems = pgTable(
  'mailbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    folder: text('folder', { enum: MAIL_FOLDERS }).notNull(),
    /** where a trashed item came from, so restore puts it back */
    previousFolder: text('previous_folder', { enum: MAIL_FOLDERS }),
    isRead: boolean('is_read').notNull().default(false),
    isStarred: boolean('is_starred').notNull().default(false),
    isImportant: boolean('is_important').notNull().default(false),
    /** ids of the owner's own labels */
    labelIds: text('label_ids').array().notNull().default([]),
    /** delivery (or last edit for drafts) time; the list is ordered by it */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mailbox_items_owner_message_unique').on(t.ownerId, t.messageId),
    index('mailbox_items_owner_folder_idx').on(t.ownerId, t.folder, t.receivedAt),
    index('mailbox_items_owner_received_idx').on(t.ownerId, t.receivedAt),
    index('mailbox_items_seq_idx').on(t.seq),
  ],
);

export const mailLabels = pgTable(
  'mail_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_labels_owner_name_unique').on(t.ownerId, t.name)],
);

/**
 * Files attached to mail or chat messages. Uploaded first (owned by the uploader, not yet
 * attached), then bound to a mail message or a chat message when that is sent. The bytes live
 * in server/storage under `blobHash` (files from before storage: DATA_DIR/attachments/<id>).
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['mail', 'chat'] }).notNull(),
    mailMessageId: uuid('mail_message_id').references(() => mailMessages.id, {
      onDelete: 'cascade',
    }),
    chatMessageId: uuid('chat_message_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** the bytes in server/storage (SHA-256); null only for files from before storage */
    blobHash: text('blob_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_mail_message_idx').on(t.mailMessageId),
    index('attachments_chat_message_idx').on(t.chatMessageId),
    index('attachments_blob_hash_idx').on(t.blobHash),
  ],
);
