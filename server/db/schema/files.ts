// The file manager: files and folders in one tree per owner (`parentId` null is the root),
// the bytes in server/storage under `blobHash` (images: the cleaned copy, and a thumbnail).
// An item is in the trash when it or a folder above it has `trashedAt`; emptying the trash
// deletes the rows (children cascade) and the blob collector frees bytes no row points at.
// Shares give another user `viewer` or `editor` access to an item and everything under it.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export const fileItems = pgTable(
  'file_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => fileItems.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: ['file', 'folder'] }).notNull(),
    name: text('name').notNull(),
    /** for files: what the bytes are (sniffed for images), e.g. image/jpeg */
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    blobHash: text('blob_hash'),
    thumbnailHash: text('thumbnail_hash'),
    width: integer('width'),
    height: integer('height'),
    favourite: boolean('favourite').notNull().default(false),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** who put it there: the owner, or an editor of a shared folder */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('file_items_owner_parent_idx').on(t.ownerId, t.parentId, t.name),
    index('file_items_parent_idx').on(t.parentId),
    index('file_items_blob_idx').on(t.blobHash),
    index('file_items_thumbnail_idx').on(t.thumbnailHash),
    index('file_items_trashed_idx')
      .on(t.ownerId, t.trashedAt)
      .where(sql`${t.trashedAt} is not null`),
  ],
);

export const fileShares = pgTable(
  'file_shares',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['viewer', 'editor'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('file_shares_user_idx').on(t.userId),
  ],
);

/** What a user downloaded from the downloads page (files, mail attachments, invoice PDFs). */
export const downloadRecords = pgTable(
  'download_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['file', 'mail', 'invoice'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source, t.sourceId] })],
);

/**
 * A finished resumable upload (server/files/tus.ts): the file it made. The tus upload's own
 * record is removed once its file is made, so a client whose answer was lost (the server went
 * away just then) asks about an upload the store no longer has; this row lets the server answer
 * "complete, and here is the file" instead of "no such upload", which would make the client
 * start over and add the file twice. It also makes finishing an upload a second time return
 * the same file. It goes with the file.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    /** the tus upload id */
    uploadId: text('upload_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    /** the upload's length (Upload-Length), which an image's stored size is not */
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_uploads_item_idx').on(t.itemId)],
);

/**
 * An unfinished resumable upload (server/files/unfinished-uploads.ts): the length it declared,
 * held against the quota of the folder's owner from the moment it is created, so uploads in
 * progress cannot together pass the quota, and the moment it expires. The row goes when the
 * upload becomes a file (in the file's transaction), is cancelled or refused, or expires (the
 * sweep then removes its bytes from DATA_DIR/uploads too). Kept in the database so every API
 * process sees the same uploads.
 */
export const unfinishedUploads = pgTable(
  'unfinished_uploads',
  {
    /** the tus upload id */
    uploadId: text('upload_id').primaryKey(),
    /** who uploads */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** whose quota it counts against: the owner of the folder it goes into */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the declared length (Upload-Length) */
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('unfinished_uploads_owner_idx').on(t.ownerId, t.expiresAt),
    index('unfinished_uploads_expires_idx').on(t.expiresAt),
  ],
);
