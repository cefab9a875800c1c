// /api/invoices/:id actions, behind the `requireUser` of invoices.ts, which mounts them:
// status changes (server/invoices/status.ts), a copy as a new draft, the PDF with its ETag and
// render limit (pdf-download.ts) and sending it to its recipient (send.ts).
import { Hono } from 'hono';

import { currentUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { invoicePdfQuery, invoiceSendSchema, type InvoiceLanguage } from '../contracts/invoice.ts';
import { invoicePdf } from '../invoices/pdf-download.ts';
import { sendOwnInvoice } from '../invoices/send.ts';
import { changeStatus, duplicateInvoice } from '../invoices/status.ts';
import { ownInvoice, ownInvoiceView } from '../invoices/store.ts';
import { pageLanguage } from '../lib/language.ts';
import { routeGroup } from '../openapi/route.ts';
import { contentDisposition } from '../storage/serve.ts';

export const invoiceActionRoutes = new Hono<AppEnv>();
const invoices = routeGroup({ tag: 'Invoices', access: 'user' });

for (const [path, action, summary] of [
  ['/:id/mark-paid', 'markPaid', 'Mark an invoice paid.'],
  ['/:id/cancel', 'cancel', 'Cancel an invoice.'],
] as const) {
  invoiceActionRoutes.post(path, invoices(summary), async (c) => {
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const id = await changeStatus(db, userId, c.req.param('id'), action);
    return c.json({ invoice: await ownInvoiceView(db, userId, id) });
  });
}

invoiceActionRoutes.post(
  '/:id/duplicate',
  invoices('Copy an invoice as a new draft.', { status: 201 }),
  async (c) => {
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const id = await duplicateInvoice(db, userId, c.req.param('id'));
    return c.json({ invoice: await ownInvoiceView(db, userId, id) }, 201);
  },
);

invoiceActionRoutes.get(
  '/:id/pdf',
  invoices('The invoice as PDF.', { query: invoicePdfQuery, produces: 'application/pdf' }),
  async (c) => {
    const { lang } = c.req.valid('query');
    const language: InvoiceLanguage = lang ?? pageLanguage(c.req.header('Accept-Language'));
    const ifNoneMatch = c.req.header('If-None-Match');
    const userId = currentUser(c).id;
    const answer = await invoicePdf(c.var.deps, userId, c.req.param('id'), language, ifNoneMatch);
    const cache = { ETag: answer.etag, 'Cache-Control': 'private, no-cache' };
    if (!answer.pdf) return c.body(null, 304, cache);
    return c.body(answer.pdf, 200, {
      ...cache,
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition('attachment', answer.fileName),
    });
  },
);

invoiceActionRoutes.post(
  '/:id/send',
  invoices('Mail the invoice to its recipient.', { body: invoiceSendSchema }),
  async (c) => {
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const id = c.req.param('id');
    await ownInvoice(db, userId, id); // an invoice that is not the caller's is a 404, whatever the body
    const input = c.req.valid('json');
    const result = await sendOwnInvoice(c.var.deps, userId, id, input);
    return c.json({ ...result, invoice: await ownInvoiceView(db, userId, id) });
  },
);
