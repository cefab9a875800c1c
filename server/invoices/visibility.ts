// Who sees an invoice: the one rule every read imports (the invoice pages and PDF, the list, the
// banking ledger and its CSV, the downloads page, the command palette's search).
// - The issuer sees every invoice they made, drafts included.
// - A Clipdeck recipient sees an invoice once it was sent to them (`sent_at` set), never before:
//   a draft, even one cancelled, stays the issuer's alone. Sending is the only thing that sets
//   `sent_at`, and once it is set the recipient is locked (server/invoices/store.ts), so an
//   invoice never reaches a user it was not sent to.
// Each rule is an SQL predicate over the `invoices` table (unaliased), for drizzle queries and
// raw SQL alike.
import { and, eq, isNotNull, or, type SQL } from 'drizzle-orm';

import { invoices } from '../db/schema/index.ts';

/** The invoice was sent to this Clipdeck user: theirs to read, and to count as a bill. */
export function sentToUser(userId: string): SQL {
  return and(eq(invoices.recipientUserId, userId), isNotNull(invoices.sentAt))!;
}

/** The viewer issued the invoice, or it was sent to them. */
export function readableBy(userId: string): SQL {
  return or(eq(invoices.issuerId, userId), sentToUser(userId))!;
}
