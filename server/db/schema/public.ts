// What visitors of the public pages leave with us: contact messages (also mailed to the help
// address), the launch list of /coming-soon (one row per email) and plan choices made on
// /payment (no money moves: of the card only its brand and last four digits are kept).
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  language: text('language'),
  /** when the help address was mailed; null when the mailer failed (the row is kept) */
  mailedAt: timestamp('mailed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const launchSignups = pgTable(
  'launch_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** lower-cased */
    email: text('email').notNull(),
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('launch_signups_email_idx').on(t.email)],
);

export const planIntents = pgTable(
  'plan_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    plan: text('plan', { enum: ['free', 'team', 'business'] }).notNull(),
    billing: text('billing', { enum: ['monthly', 'yearly'] }).notNull(),
    seats: integer('seats').notNull(),
    /** US dollars per billing period, never charged */
    total: integer('total').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_intents_reference_idx').on(t.reference)],
);
