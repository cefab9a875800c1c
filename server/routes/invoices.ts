// Invoice REST calls under /api/invoices. Every call needs a signed-in user. The issuer
// reads and changes their invoices; a Clipdeck recipient reads a sent invoice and its PDF;
// anyone else gets 404 (the same answer as for an id that does not exist). The rules are
// server/invoices'. Status changes, copies, the PDF and sending are invoices-actions.ts's.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { invoiceIdsSchema, invoiceInputSchema, invoiceListQuery } from '../contracts/invoice.ts';
import { listInvoices } from '../invoices/list.ts';
import { deleteDraft, deleteDrafts, markPaidMany } from '../invoices/status.ts';
import {
  createInvoice,
  ownInvoice,
  ownInvoiceView,
  readableInvoice,
  toInvoice,
  updateInvoice,
} from '../invoices/store.ts';
import { routeGroup } from '../openapi/route.ts';
import { invoiceActionRoutes } from './invoices-actions.ts';

export const invoiceRoutes = new Hono<AppEnv>();
invoiceRoutes.use('*', requireUser);
const invoices = routeGroup({ tag: 'Invoices', access: 'user' });

invoiceRoutes.get(
  '/',
  invoices('My invoices (issued and received), filtered.', { query: invoiceListQuery }),
  async (c) => {
    const query = c.req.valid('query');
    return c.json(await listInvoices(c.var.deps.database.db, currentUser(c).id, query));
  },
);

invoiceRoutes.post(
  '/',
  invoices('Create an invoice.', { body: invoiceInputSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const id = await createInvoice(db, userId, input);
    return c.json({ invoice: await ownInvoiceView(db, userId, id) }, 201);
  },
);

invoiceRoutes.post(
  '/bulk/mark-paid',
  invoices('Mark invoices paid.', { body: invoiceIdsSchema }),
  async (c) => {
    const { ids } = c.req.valid('json');
    return c.json(await markPaidMany(c.var.deps.database.db, currentUser(c).id, ids));
  },
);

invoiceRoutes.post(
  '/bulk/delete',
  invoices('Delete draft invoices.', { body: invoiceIdsSchema }),
  async (c) => {
    const { ids } = c.req.valid('json');
    return c.json(await deleteDrafts(c.var.deps.database.db, currentUser(c).id, ids));
  },
);

invoiceRoutes.get('/:id', invoices('One invoice I issued or received.'), async (c) => {
  const db = c.var.deps.database.db;
  const userId = currentUser(c).id;
  const row = await readableInvoice(db, userId, c.req.param('id'));
  return c.json({ invoice: await toInvoice(db, row, userId) });
});

invoiceRoutes.put(
  '/:id',
  invoices('Change a draft invoice.', { body: invoiceInputSchema }),
  async (c) => {
    const db = c.var.deps.database.db;
    const userId = currentUser(c).id;
    const row = await ownInvoice(db, userId, c.req.param('id'));
    await updateInvoice(db, row, c.req.valid('json'));
    return c.json({ invoice: await ownInvoiceView(db, userId, row.id) });
  },
);

invoiceRoutes.delete('/:id', invoices('Delete a draft invoice.'), async (c) => {
  const deleted = await deleteDraft(c.var.deps.database.db, currentUser(c).id, c.req.param('id'));
  return c.json({ deleted });
});

invoiceRoutes.route('/', invoiceActionRoutes);
