// Invoices, per issuer. `number` is unique per issuer and comes from the issuer's
// `invoice_counters` row, incremented in the invoice's own transaction (the row lock serialises
// concurrent creations; a rolled-back creation rolls the counter back), so numbers are
// consecutive with no duplicates. Lines are a JSON snapshot; subtotal, tax and total are the
// contract's `invoiceTotals` of them, stored at every write so the list can sort and sum in SQL.
// `status` is the stored status; `overdue` is derived from `due_date` on read, never stored.
// A recipient is a Clipdeck user (`recipient_user_id`, who may read the invoice once sent) or an
// outside name, email and address.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { InvoiceCurrency } from '../../contracts/invoice-totals.ts';
import type { InvoiceItem, StoredInvoiceStatus } from '../../contracts/invoice.ts';
import { users } from './users.ts';

export const invoiceCounters = pgTable('invoice_counters', {
  issuerId: uuid('issuer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').$type<StoredInvoiceStatus>().notNull().default('draft'),
    issuerAddress: text('issuer_address').notNull().default(''),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    recipientName: text('recipient_name').notNull(),
    /** outside recipients only ('' for a Clipdeck user: their address is not the issuer's to see) */
    recipientEmail: text('recipient_email').notNull().default(''),
    recipientAddress: text('recipient_address').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').$type<InvoiceCurrency>().notNull(),
    items: jsonb('items').$type<InvoiceItem[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    discount: integer('discount').notNull().default(0),
    shipping: integer('shipping').notNull().default(0),
    /** hundredths of a percent (8.25 % = 825) */
    taxRateHundredths: integer('tax_rate_hundredths').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    notes: text('notes').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_issuer_number_unique').on(t.issuerId, t.number),
    index('invoices_issuer_issue_date_idx').on(t.issuerId, t.issueDate),
    index('invoices_recipient_idx').on(t.recipientUserId, t.issueDate),
    check(
      'invoices_status_valid',
      sql`${t.status} in ('draft', 'pending', 'paid', 'cancelled')`,
    ),
    check('invoices_money_non_negative', sql`${t.discount} >= 0 and ${t.shipping} >= 0`),
  ],
);
