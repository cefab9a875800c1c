// Sharing and presence for boards and calendars (docs/live.md). A membership row is an
// invitation while `status` is 'pending' and a member once 'accepted'; the owner has no row (a
// board's or calendar's owner is its `owner_id`). `color` and `shown` are the member's own view
// of a shared calendar. Presence rows are one per tab looking at a board, refreshed by its
// heartbeats; rows older than the presence time-to-live are gone.
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export const shareMembers = pgTable(
  'share_members',
  {
    kind: text('kind', { enum: ['board', 'calendar'] }).notNull(),
    resourceId: uuid('resource_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    color: text('color').notNull().default('#40C057'),
    shown: boolean('shown').notNull().default(true),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.resourceId, t.userId] }),
    index('share_members_user_idx').on(t.userId, t.status),
  ],
);

export const livePresence = pgTable(
  'live_presence',
  {
    boardId: uuid('board_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tabId: text('tab_id').notNull(),
    cardId: uuid('card_id'),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.userId, t.tabId] }),
    index('live_presence_seen_idx').on(t.seenAt),
  ],
);
