// Chat between users. A conversation has participants; each participant row keeps how far
// that user has read (`lastReadSeq`), so the unread count is a count of newer messages from
// others. `chat_messages.seq` is a global, increasing number: the realtime stream sends it as
// the event id and resumes from it after a reconnect, on any API process, without loss.
// Direct (two-person) conversations have a `directKey` (the two user ids, sorted) so
// "open a conversation with X" finds the existing one instead of creating a second.
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export interface ChatAttachmentRef {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['one-to-one', 'group'] }).notNull(),
    directKey: text('direct_key'),
    name: text('name'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** time of the last message, for ordering the list */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_conversations_direct_key_unique').on(t.directKey)],
);

export const chatParticipants = pgTable(
  'chat_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('chat_participants_user_idx').on(t.userId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    contentType: text('content_type', { enum: ['text', 'image'] })
      .notNull()
      .default('text'),
    attachments: jsonb('attachments').$type<ChatAttachmentRef[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_seq_unique').on(t.seq),
  ],
);
