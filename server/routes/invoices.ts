// Invoice REST calls under /api/invoices. Every call needs a signed-in user. The issuer
// reads and changes their invoices; a Clipdeck recipient reads a sent invoice and its PDF;
// anyone else gets 404 (the same answer as for an id that does not exist). The rules are
// server/invoices': what each status allows (status.ts), sending (send.ts), the PDF with its
// ETag and render limit (pdf-download.ts).
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  invoiceIdsSchema,
  invoiceInputSchema,
  invoiceListQuery,
  invoicePdfQuery,
  invoiceSendSchema,
  type InvoiceLanguage,
} from '../contracts/invoice.ts';
import { listInvoices } from '../invoices/list.ts';
import { invoicePdf } from '../invoices/pdf-download.ts';
import { sendOwnInvoice } from '../invoices/send.ts';
import {
  changeStatus,
  deleteDraft,
  deleteDrafts,
  duplicateInvoice,
  markPaidMany,
} from '../invoices/status.ts';
import {
  createInvoice,
  ownInvoice,
  ownInvoiceView,
  readableInvoice,
  toInvoice,
  updateInvoice,
} from '../invoices/store.ts';
import { parseJson, parseQuery } from '../lib/errors.ts';
import { pageLanguage } from '../lib/language.ts';
import { contentDisposition } from '../storage/serve.ts';

export const invoiceRoutes = new Hono<AppEnv>();
invoiceRoutes.use('*', requireUser);

invoiceRoutes.get('/', async (c) => {
  const query = parseQuery(c, invoiceListQuery);
  return c.json(await listInvoices(c.var.deps.database.db, currentUser(c).id, query));
});

invoiceRoutes.post('/', async (c) => {
  const input = await parseJson(c, invoiceInputSchema);
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const id = await createInvoice(db, userId, input);
  return c.json({ invoice: await ownInvoiceView(db, userId, id) }, 201);
});

invoiceRoutes.post('/bulk/mark-paid', async (c) => {
  const { ids } = await parseJson(c, invoiceIdsSchema);
  return c.json(await markPaidMany(c.var.deps.database.db, currentUser(c).id, ids));
});

invoiceRoutes.post('/bulk/delete', async (c) => {
  const { ids } = await parseJson(c, invoiceIdsSchema);
  return c.json(await deleteDrafts(c.var.deps.database.db, currentUser(c).id, ids));
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
  await updateInvoice(db, row, await parseJson(c, invoiceInputSchema));
  return c.json({ invoice: await ownInvoiceView(db, userId, row.id) });
});

invoiceRoutes.delete('/:id', async (c) => {
  const deleted = await deleteDraft(c.var.deps.database.db, currentUser(c).id, c.req.param('id'));
  return c.json({ deleted });
});

for (const [path, action] of [
  ['/:id/mark-paid', 'markPaid'],
  ['/:id/cancel', 'cancel'],
] as const) {
  invoiceRoutes.post(path, async (c) => {
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const id = await changeStatus(db, userId, c.req.param('id'), action);
    return c.json({ invoice: await ownInvoiceView(db, userId, id) });
  });
}

invoiceRoutes.post('/:id/duplicate', async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const id = await duplicateInvoice(db, userId, c.req.param('id'));
  return c.json({ invoice: await ownInvoiceView(db, userId, id) }, 201);
});

invoiceRoutes.get('/:id/pdf', async (c) => {
  const { lang } = parseQuery(c, invoicePdfQuery);
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
});

invoiceRoutes.post('/:id/send', async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const id = c.req.param('id');
  await ownInvoice(db, userId, id); // an invoice that is not the caller's is a 404, whatever the body
  const input = await parseJson(c, invoiceSendSchema);
  const result = await sendOwnInvoice(c.var.deps, userId, id, input);
  return c.json({ ...result, invoice: await ownInvoiceView(db, userId, id) });
});
