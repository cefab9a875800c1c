// Booking pages (one per user, public under its slug) and the bookings made on them.
// Double booking is impossible at the database level: a confirmed booking holds a unique
// (host, start) pair (a partial unique index: cancelling frees it), and every booking is
// written inside a transaction that first locks the host's page row (SELECT … FOR UPDATE), so
// the overlap check against the host's other bookings (buffers included) and calendar events
// sees every booking committed before it. The cancel code is kept only as its SHA-256.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { AvailabilityRange, BookingStatus } from '../../contracts/booking.ts';
import { calendarEvents } from './calendar.ts';
import { users } from './users.ts';

export const bookingPages = pgTable(
  'booking_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    horizonDays: integer('horizon_days').notNull(),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    /** IANA zone the availability is written in */
    timeZone: text('time_zone').notNull(),
    availability: jsonb('availability').$type<AvailabilityRange[]>().notNull(),
    published: boolean('published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_pages_user_unique').on(t.userId),
    uniqueIndex('booking_pages_slug_unique').on(t.slug),
    check('booking_pages_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => bookingPages.id, { onDelete: 'cascade' }),
    hostId: uuid('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    /** the page's title at booking time (the page may be renamed later) */
    title: text('title').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    visitorUserId: uuid('visitor_user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorTimeZone: text('visitor_time_zone'),
    visitorLanguage: text('visitor_language'),
    note: text('note').notNull().default(''),
    cancelCodeHash: text('cancel_code_hash').notNull(),
    hostEventId: uuid('host_event_id').references(() => calendarEvents.id, {
      onDelete: 'set null',
    }),
    visitorEventId: uuid('visitor_event_id').references(() => calendarEvents.id, {
      onDelete: 'set null',
    }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by').$type<'host' | 'visitor'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_host_start_confirmed_unique')
      .on(t.hostId, t.start)
      .where(sql`${t.status} = 'confirmed'`),
    uniqueIndex('bookings_cancel_code_unique').on(t.cancelCodeHash),
    index('bookings_host_start_idx').on(t.hostId, t.start),
    check('bookings_status_valid', sql`${t.status} in ('confirmed', 'cancelled')`),
    check('bookings_end_after_start', sql`${t.end} > ${t.start}`),
  ],
);
