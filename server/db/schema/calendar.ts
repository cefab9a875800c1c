// Calendar events, one row per event, always owned by one user. Ids may be created by the
// client (UUIDs) so an event made offline keeps its id when it reaches the server.
// Each user owns one calendar (`calendars`, shared with members, see live.ts); `rev` is its
// cursor, growing by one with every change committed to it, and each event keeps the cursor of
// its last change.
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users.ts';

export const calendars = pgTable('calendars', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .unique('calendars_owner_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default('Calendar'),
  /** the owner's own colour and shown flag (members keep theirs on their membership) */
  color: text('color').notNull().default('#228BE6'),
  shown: boolean('shown').notNull().default(true),
  rev: bigint('rev', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** who made it (the calendar is `calendar_id`'s) */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendars.id, { onDelete: 'cascade' }),
    rev: bigint('rev', { mode: 'number' }).notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull().default('blue'),
    allDay: boolean('all_day').notNull().default(false),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('calendar_events_user_start_idx').on(t.userId, t.start),
    index('calendar_events_calendar_start_idx').on(t.calendarId, t.start),
  ],
);
