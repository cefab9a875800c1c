// Invoice REST calls under /api/invoices. Every call needs a signed-in user. The issuer
// reads and changes their invoices; a Clipdeck recipient reads a sent invoice and its PDF;
// anyone else gets 404 (the same answer as for an id that does not exist). What each status
// allows is the contract's INVOICE_ACTIONS; a refused change is a 409 naming the status.
// PDFs are drawn on demand: an unchanged one is a 304 from its ETag, and renders are limited
// per user (INVOICE_PDF_LIMIT).
import crypto from 'node:crypto';

import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  canDo,
  invoiceIdsSchema,
  invoiceInputSchema,
  invoiceListQuery,
  invoicePdfQuery,
  invoiceSendSchema,
  isoDay,
  STORED_STATUSES,
  type Invoice,
  type InvoiceLanguage,
} from '../contracts/invoice.ts';
import { invoices, users } from '../db/schema/index.ts';
import { listInvoices } from '../invoices/list.ts';
import { renderInvoicePdf } from '../invoices/pdf/render.ts';
import { markSent, pdfFileName, sendInvoice } from '../invoices/send.ts';
import {
  assertAllowed,
  createInvoice,
  inputOf,
  ownInvoice,
  readableInvoice,
  toInvoice,
  updateInvoice,
} from '../invoices/store.ts';
import { ApiError, forbidden, parseJson, parseQuery } from '../lib/errors.ts';
import { pageLanguage } from '../lib/language.ts';
import { hitLimit, type LimitHit } from '../lib/rate-limit.ts';
import { contentDisposition } from '../mail/attachment-store.ts';
import { VERIFY_TO_SEND } from '../mail/verified-sender.ts';

/** Sends per issuer and hour (each renders a PDF and delivers a mail). */
export const INVOICE_SENDS_PER_HOUR = 30;
/** PDF renders per user: each is CPU work on the event loop, up to seconds for 200 long
 *  lines. A bulk download of a full page (100) fits; a 304 from the ETag is not counted. */
export const INVOICE_PDF_LIMIT = { perWindow: 120, windowSeconds: 600 };
export const pdfLimitKey = (userId: string) => `invoice-pdf:user:${userId}`;

export const invoiceRoutes = new Hono<AppEnv>();
invoiceRoutes.use('*', requireUser);

function assertWithin(limit: LimitHit, message: string) {
  if (!limit.allowed)
    throw new ApiError(429, message, undefined, { 'Retry-After': String(limit.retryAfterSeconds) });
}

invoiceRoutes.get('/', async (c) => {
  const query = parseQuery(c, invoiceListQuery);
  return c.json(await listInvoices(c.var.deps.database.db, currentUser(c).id, query));
});

invoiceRoutes.post('/', async (c) => {
  const input = await parseJson(c, invoiceInputSchema);
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const id = await createInvoice(db, userId, input);
  return c.json({ invoice: await toInvoice(db, await ownInvoice(db, userId, id), userId) }, 201);
});

const PAYABLE = STORED_STATUSES.filter((status) => canDo(status, 'markPaid'));

/** Bulk: mark paid (sent invoices are paid; drafts and the rest are listed as skipped). */
invoiceRoutes.post('/bulk/mark-paid', async (c) => {
  const { ids } = await parseJson(c, invoiceIdsSchema);
  const db = c.var.deps.database.db;
  const now = new Date();
  const done = await db
    .update(invoices)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(
      and(
        eq(invoices.issuerId, currentUser(c).id),
        inArray(invoices.id, ids),
        inArray(invoices.status, PAYABLE),
      ),
    )
    .returning({ id: invoices.id });
  const updated = done.map((r) => r.id);
  return c.json({ updated, skipped: ids.filter((id) => !updated.includes(id)) });
});

/** Bulk: delete drafts (sent invoices are cancelled, never deleted). */
invoiceRoutes.post('/bulk/delete', async (c) => {
  const { ids } = await parseJson(c, invoiceIdsSchema);
  const done = await c.var.deps.database.db
    .delete(invoices)
    .where(
      and(
        eq(invoices.issuerId, currentUser(c).id),
        inArray(invoices.id, ids),
        eq(invoices.status, 'draft'),
      ),
    )
    .returning({ id: invoices.id });
  const deleted = done.map((r) => r.id);
  return c.json({ deleted, skipped: ids.filter((id) => !deleted.includes(id)) });
});

invoiceRoutes.get('/:id', async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const row = await readableInvoice(db, userId, c.req.param('id'));
  return c.json({ invoice: await toInvoice(db, row, userId) });
});

invoiceRoutes.put('/:id', async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const row = await ownInvoice(db, userId, c.req.param('id'));
  const input = await parseJson(c, invoiceInputSchema);
  await updateInvoice(db, row, input);
  return c.json({ invoice: await toInvoice(db, await ownInvoice(db, userId, row.id), userId) });
});

invoiceRoutes.delete('/:id', async (c) => {
  const db = c.var.deps.database.db;
  const row = await ownInvoice(db, currentUser(c).id, c.req.param('id'));
  assertAllowed(row, 'delete');
  await db.delete(invoices).where(and(eq(invoices.id, row.id), eq(invoices.status, 'draft')));
  return c.json({ deleted: row.id });
});

const transition =
  (action: 'markPaid' | 'cancel') =>
  async (c: Context<AppEnv>) => {
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const row = await ownInvoice(db, userId, c.req.param('id')!);
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
    return c.json({ invoice: await toInvoice(db, await ownInvoice(db, userId, row.id), userId) });
  };

invoiceRoutes.post('/:id/mark-paid', transition('markPaid'));
invoiceRoutes.post('/:id/cancel', transition('cancel'));

invoiceRoutes.post('/:id/duplicate', async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const row = await ownInvoice(db, userId, c.req.param('id'));
  const today = new Date();
  const due = new Date(today.getTime() + 30 * 86_400_000);
  const input = { ...inputOf(row), issueDate: isoDay(today), dueDate: isoDay(due) };
  const id = await createInvoice(db, userId, input);
  return c.json({ invoice: await toInvoice(db, await ownInvoice(db, userId, id), userId) }, 201);
});

/** The PDF is drawn from exactly what the viewer reads: the same invoice, the same file. */
const pdfTag = (invoice: Invoice, language: InvoiceLanguage) =>
  `"${crypto
    .createHash('sha256')
    .update(JSON.stringify([invoice, language]))
    .digest('base64url')
    .slice(0, 32)}"`;

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch &&
  ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === etag || value === '*';
  });

invoiceRoutes.get('/:id/pdf', async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const { lang } = parseQuery(c, invoicePdfQuery);
  const row = await readableInvoice(db, userId, c.req.param('id'));
  const invoice = await toInvoice(db, row, userId);
  const language: InvoiceLanguage = lang ?? pageLanguage(c.req.header('Accept-Language'));
  const etag = pdfTag(invoice, language);
  const cache = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (matches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, cache);
  const { perWindow, windowSeconds } = INVOICE_PDF_LIMIT;
  const limit = await hitLimit(db, pdfLimitKey(userId), perWindow, windowSeconds);
  assertWithin(limit, 'Too many PDFs made in the last minutes. Try again later.');
  const { pdf } = await renderInvoicePdf(invoice, language);
  return c.body(new Uint8Array(pdf), 200, {
    ...cache,
    'Content-Type': 'application/pdf',
    'Content-Disposition': contentDisposition('attachment', pdfFileName(invoice)),
  });
});

invoiceRoutes.post('/:id/send', async (c) => {
  const deps = c.var.deps;
  const db = deps.database.db;
  const userId = currentUser(c).id;
  const row = await ownInvoice(db, userId, c.req.param('id'));
  const input = await parseJson(c, invoiceSendSchema);
  assertAllowed(row, 'send');
  const [sender] = await db
    .select({ verifiedAt: users.emailVerifiedAt, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!sender?.verifiedAt) throw forbidden(VERIFY_TO_SEND);
  let target = { userId: null as string | null, email: row.recipientEmail };
  if (row.recipientUserId) {
    const [person] = await db
      .select({ email: users.email, status: users.status })
      .from(users)
      .where(eq(users.id, row.recipientUserId));
    if (!person || person.status !== 'active')
      throw new ApiError(409, 'The recipient no longer has an account.', {
        recipient: 'The recipient no longer has an account.',
      });
    target = { userId: row.recipientUserId, email: person.email };
  }
  const limit = await hitLimit(db, `invoice-send:user:${userId}`, INVOICE_SENDS_PER_HOUR, 3600);
  assertWithin(limit, 'Too many invoices sent in the last hour. Try again later.');
  const invoice = await toInvoice(db, row, userId);
  const result = await sendInvoice(
    deps,
    invoice,
    target,
    input.language ?? 'en',
    input.message,
    sender.email,
  );
  if (canDo(row.status, 'send')) await markSent(deps, row.id);
  return c.json({
    ...result,
    invoice: await toInvoice(db, await ownInvoice(db, userId, row.id), userId),
  });
});
