import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { AdminActionDetails } from '../../contracts/user.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    slug: text('slug').notNull(),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    passwordHash: text('password_hash').notNull(),
    youtubeExternalId: text('youtube_external_id'),
    referringUserId: uuid('referring_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true })
      .notNull()
      .default(sql`to_timestamp(0)`),
    // pending: created by an admin, until its owner sets a password (text column: no SQL change)
    status: text('status', { enum: ['active', 'pending', 'banned'] })
      .notNull()
      .default('active'),
    phone: text('phone'),
    country: text('country'),
    city: text('city'),
    about: text('about'),
    avatarUrl: text('avatar_url'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_slug_unique').on(t.slug),
    index('users_youtube_external_id_idx').on(t.youtubeExternalId),
  ],
);

/** Failed sign-in counters, per account and per client address, shared by every API process. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Single-use, expiring tokens for password reset, email verification and invitations (stored hashed). */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['reset-password', 'verify-email', 'set-password'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_unique').on(t.tokenHash)],
);

/** Requests made on /auth/request-access, listed for admins. */
export const accessRequests = pgTable('access_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  company: text('company'),
  message: text('message'),
  status: text('status', { enum: ['pending', 'approved', 'declined'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Request counters for calls that send mail or store what strangers write (password reset,
 * access requests): one fixed window per key (`<call>:address:<ip>`, `<call>:email:<email>`),
 * shared by every API process (server/auth/request-limits.ts).
 */
export const requestLimits = pgTable('request_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What admins did to accounts, newest last (server/users/admin-actions.ts): who (`admin_id`,
 * kept as null if that admin's account goes), what (`action`), to whom (`user_id`), when, and
 * details that never hold a password, a token or a link.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['created', 'changed', 'invited'] }).notNull(),
    details: jsonb('details').$type<AdminActionDetails>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_user_idx').on(t.userId, t.createdAt)],
);
