// Stored bytes, addressed by their SHA-256 (server/storage). One row per distinct content:
// the same bytes uploaded twice are one row and one object. Rows that store files, mail and
// chat attachments, images… point at `hash`; nothing counts references by hand: the
// collector (server/storage/collect.ts) removes a blob no registered column points at once
// `touchedAt` is older than the grace period. Every `put` touches the row, so a blob just
// written for a row not yet inserted is never taken.
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const storageBlobs = pgTable(
  'storage_blobs',
  {
    /** lowercase hex SHA-256 of the content */
    hash: text('hash').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('storage_blobs_touched_idx').on(t.touchedAt)],
);
