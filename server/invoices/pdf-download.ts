// An invoice's PDF as its reader downloads it, drawn on demand from exactly what the reader
// sees (the same invoice, in the language asked for). Its ETag is a hash of both, so an
// unchanged PDF is answered "not modified" without drawing it. Drawing is CPU work on the
// event loop (up to seconds for 200 long lines), so renders are limited per user; a "not
// modified" answer is not counted.
import crypto from 'node:crypto';

import type { AppDeps } from '../context.ts';
import type { Invoice, InvoiceLanguage } from '../contracts/invoice.ts';
import { spendLimit } from '../lib/rate-limit.ts';
import { renderInvoicePdf } from './pdf/render.ts';
import { pdfFileName } from './send.ts';
import { readableInvoice, toInvoice } from './store.ts';

/** PDF renders per user: a bulk download of a full page (100) fits. */
export const INVOICE_PDF_LIMIT = { perWindow: 120, windowSeconds: 600 };
export const pdfLimitKey = (userId: string) => `invoice-pdf:user:${userId}`;

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

/** The PDF (null when the reader's copy, `ifNoneMatch`, is still this one) and its ETag. */
export async function invoicePdf(
  deps: AppDeps,
  viewerId: string,
  id: string,
  language: InvoiceLanguage,
  ifNoneMatch: string | undefined,
): Promise<{ etag: string; fileName: string; pdf: Uint8Array<ArrayBuffer> | null }> {
  const db = deps.database.db;
  const invoice = await toInvoice(db, await readableInvoice(db, viewerId, id), viewerId);
  const etag = pdfTag(invoice, language);
  const fileName = pdfFileName(invoice);
  if (matches(ifNoneMatch, etag)) return { etag, fileName, pdf: null };
  await spendLimit(
    db,
    pdfLimitKey(viewerId),
    INVOICE_PDF_LIMIT,
    'Too many PDFs made in the last minutes. Try again later.',
  );
  const { pdf } = await renderInvoicePdf(invoice, language);
  return { etag, fileName, pdf: new Uint8Array(pdf) };
}
