// Reading and writing invoices. Every read is scoped by `readableBy` (./visibility.ts): the
// issuer sees their invoices, a Clipdeck recipient the ones sent to them (never drafts), anyone
// else gets "not found". Every write goes through `totalsColumns`, the contract's one totals
// function, and numbers come from the issuer's counter row inside the creating transaction (no
// gaps, no duplicates). Once an invoice is sent its recipient is locked: an edit that names
// another recipient is a 409 naming the field, so a sent invoice never moves to someone else.
import { and, eq, sql } from 'drizzle-orm';

import { invoiceTotals, TAX_RATE_DECIMALS, scaledInteger } from '../contracts/invoice-totals.ts';
import {
  canDo,
  effectiveStatus,
  invoiceNumberLabel,
  type Invoice,
  type InvoiceAction,
  type InvoiceInput,
  type InvoiceParty,
} from '../contracts/invoice.ts';
import type { Database, Executor } from '../db/client.ts';
import { invoiceCounters, invoices, users } from '../db/schema/index.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { readableBy } from './visibility.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

export const taxRateOf = (row: Pick<InvoiceRow, 'taxRateHundredths'>) =>
  row.taxRateHundredths / 10 ** TAX_RATE_DECIMALS;

/** The stored columns that follow from the input: recipient, money and totals. */
async function inputColumns(db: Executor, issuerId: string, input: InvoiceInput) {
  const totals = invoiceTotals(input);
  if (input.discount > totals.subtotal)
    throw badRequest('The discount cannot be more than the subtotal.', {
      discount: 'The discount cannot be more than the subtotal.',
    });
  let recipient: { id: string | null; name: string; email: string };
  if (input.recipient.kind === 'user') {
    const [person] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, input.recipient.userId), eq(users.status, 'active')));
    if (!person)
      throw badRequest('No such person in the directory.', {
        'recipient.userId': 'No such person in the directory.',
      });
    if (person.id === issuerId)
      throw badRequest('You cannot bill yourself.', {
        'recipient.userId': 'You cannot bill yourself.',
      });
    recipient = { id: person.id, name: fullName(person), email: '' };
  } else {
    recipient = { id: null, name: input.recipient.name, email: input.recipient.email };
  }
  return {
    recipientUserId: recipient.id,
    recipientName: recipient.name,
    recipientEmail: recipient.email,
    recipientAddress: input.recipient.address,
    issuerAddress: input.issuerAddress,
    issueDate: input.issueDate,
    dueDate: input.dueDate,
    currency: input.currency,
    items: input.items,
    itemCount: input.items.length,
    discount: totals.discount,
    shipping: totals.shipping,
    taxRateHundredths: scaledInteger(input.taxRate, TAX_RATE_DECIMALS),
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    notes: input.notes,
  };
}

/** Takes the issuer's next number; must run inside the creating transaction. */
export async function nextInvoiceNumber(tx: Executor, issuerId: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ issuerId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.issuerId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  return row!.number;
}

export async function createInvoice(
  db: Database,
  issuerId: string,
  input: InvoiceInput,
): Promise<string> {
  const columns = await inputColumns(db, issuerId, input);
  return db.transaction(async (tx) => {
    const number = await nextInvoiceNumber(tx, issuerId);
    const [row] = await tx
      .insert(invoices)
      .values({ issuerId, number, status: 'draft', ...columns })
      .returning({ id: invoices.id });
    return row!.id;
  });
}

export const RECIPIENT_LOCKED = 'The invoice was sent: its recipient cannot change.';

/** 409 naming the recipient field an edit of a sent invoice would change. */
function assertSameRecipient(row: InvoiceRow, next: InvoiceInput['recipient']) {
  if (!row.sentAt) return;
  const wasUser = row.recipientUserId !== null;
  const field =
    wasUser !== (next.kind === 'user')
      ? 'recipient.kind'
      : next.kind === 'user' && next.userId !== row.recipientUserId
        ? 'recipient.userId'
        : next.kind === 'external' &&
            next.email.trim().toLowerCase() !== row.recipientEmail.trim().toLowerCase()
          ? 'recipient.email'
          : null;
  if (field) throw new ApiError(409, RECIPIENT_LOCKED, { [field]: RECIPIENT_LOCKED });
}

export async function updateInvoice(db: Executor, row: InvoiceRow, input: InvoiceInput) {
  assertAllowed(row, 'edit');
  assertSameRecipient(row, input.recipient);
  const columns = await inputColumns(db, row.issuerId, input);
  await db
    .update(invoices)
    .set({ ...columns, updatedAt: new Date() })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, row.status)));
}

/** 409 naming what the status forbids. */
export function assertAllowed(row: InvoiceRow, action: InvoiceAction) {
  if (!canDo(row.status, action))
    throw new ApiError(409, `A ${row.status} invoice cannot be changed that way (${action}).`, {
      status: `The invoice is ${row.status}.`,
    });
}

/** The invoice if the viewer may read it (issuer, or Clipdeck recipient once sent), else 404. */
export async function readableInvoice(db: Executor, viewerId: string, id: string) {
  if (!UUID.test(id)) throw notFound('No such invoice.');
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), readableBy(viewerId)));
  if (!row) throw notFound('No such invoice.');
  return row;
}

/** The invoice if the viewer issued it (only the issuer changes anything), else 404. */
export async function ownInvoice(db: Executor, viewerId: string, id: string) {
  const row = await readableInvoice(db, viewerId, id);
  if (row.issuerId !== viewerId) throw notFound('No such invoice.');
  return row;
}

/** The issuer's own invoice as they read it, else 404. */
export async function ownInvoiceView(db: Executor, viewerId: string, id: string) {
  return toInvoice(db, await ownInvoice(db, viewerId, id), viewerId);
}

export async function toInvoice(db: Executor, row: InvoiceRow, viewerId: string): Promise<Invoice> {
  const [issuer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.issuerId));
  const isIssuer = row.issuerId === viewerId;
  const issuerParty: InvoiceParty = {
    userId: row.issuerId,
    name: issuer ? fullName(issuer) : '',
    email: null,
    address: row.issuerAddress,
  };
  const recipient: InvoiceParty = {
    userId: row.recipientUserId,
    name: row.recipientName,
    // an outside address is the issuer's own input; a Clipdeck user's address is never shown here
    email: row.recipientUserId === null && isIssuer ? row.recipientEmail : null,
    address: row.recipientAddress,
  };
  return {
    id: row.id,
    number: row.number,
    numberLabel: invoiceNumberLabel(row.number),
    status: effectiveStatus(row.status, row.dueDate),
    storedStatus: row.status,
    role: isIssuer ? 'issuer' : 'recipient',
    issuer: issuerParty,
    recipient,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    items: row.items,
    discount: row.discount,
    shipping: row.shipping,
    taxRate: taxRateOf(row),
    notes: row.notes,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The form values an invoice was made from (duplicate, and the PDF's totals check). */
export function inputOf(row: InvoiceRow): InvoiceInput {
  return {
    recipient: row.recipientUserId
      ? { kind: 'user', userId: row.recipientUserId, address: row.recipientAddress }
      : {
          kind: 'external',
          name: row.recipientName,
          email: row.recipientEmail,
          address: row.recipientAddress,
        },
    issuerAddress: row.issuerAddress,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    items: row.items,
    discount: row.discount,
    shipping: row.shipping,
    taxRate: taxRateOf(row),
    notes: row.notes,
  };
}
