// What an issuer does to invoices besides editing them: mark paid, cancel, delete drafts
// (one or many) and duplicate. What each status allows is the contract's INVOICE_ACTIONS: on
// one invoice a refused change is a 409 naming the status; in bulk, the invoices it does not
// apply to are listed as skipped. A sent invoice is cancelled, never deleted.
import { and, eq, inArray } from 'drizzle-orm';

import { canDo, isoDay, STORED_STATUSES } from '../contracts/invoice.ts';
import type { Executor } from '../db/client.ts';
import { invoices } from '../db/schema/index.ts';
import { assertAllowed, createInvoice, inputOf, ownInvoice } from './store.ts';

const PAYABLE = STORED_STATUSES.filter((status) => canDo(status, 'markPaid'));
/** Days from a duplicate's issue date to its due date. */
const DUE_IN_DAYS = 30;

const skippedOf = (ids: string[], done: string[]) => ids.filter((id) => !done.includes(id));

export async function markPaidMany(db: Executor, issuerId: string, ids: string[]) {
  const now = new Date();
  const done = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(
      and(
        eq(invoices.issuerId, issuerId),
        inArray(invoices.id, ids),
        inArray(invoices.status, PAYABLE),
      ),
    )
    .returning({ id: invoices.id });
  const updated = done.map((r) => r.id);
  return { updated, skipped: skippedOf(ids, updated) };
}

export async function deleteDrafts(db: Executor, issuerId: string, ids: string[]) {
  const done = await db
    .delete(invoices)
    .where(
      and(eq(invoices.issuerId, issuerId), inArray(invoices.id, ids), eq(invoices.status, 'draft')),
    )
    .returning({ id: invoices.id });
  const deleted = done.map((r) => r.id);
  return { deleted, skipped: skippedOf(ids, deleted) };
}

export async function deleteDraft(db: Executor, issuerId: string, id: string) {
  const row = await ownInvoice(db, issuerId, id);
  assertAllowed(row, 'delete');
  await db.delete(invoices).where(and(eq(invoices.id, row.id), eq(invoices.status, 'draft')));
  return row.id;
}

export async function changeStatus(
  db: Executor,
  issuerId: string,
  id: string,
  action: 'markPaid' | 'cancel',
) {
  const row = await ownInvoice(db, issuerId, id);
  assertAllowed(row, action);
  const now = new Date();
  await db
    .update(invoices)
    .set(
      action === 'markPaid'
        ? { status: 'paid', paidAt: now, updatedAt: now }
        : { status: 'cancelled', cancelledAt: now, updatedAt: now },
    )
    .where(and(eq(invoices.id, row.id), eq(invoices.status, row.status)));
  return row.id;
}

/** A new draft with the same recipient and lines, issued today; answers its id. */
export async function duplicateInvoice(db: Executor, issuerId: string, id: string) {
  const row = await ownInvoice(db, issuerId, id);
  const today = new Date();
  const due = new Date(today.getTime() + DUE_IN_DAYS * 86_400_000);
  return createInvoice(db, issuerId, {
    ...inputOf(row),
    issueDate: isoDay(today),
    dueDate: isoDay(due),
  });
}
