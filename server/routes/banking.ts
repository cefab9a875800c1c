// /api/banking: the signed-in user's money from their invoices and orders (what counts is in
// server/contracts/banking.ts): a summary per currency, the transactions (search, date range,
// kind, currency, paging) and the same transactions as a CSV download.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import { transactionsCsv } from '../banking/csv.ts';
import { summary, transactions } from '../banking/ledger.ts';
import type { AppEnv } from '../context.ts';
import {
  CSV_ROWS_MAX,
  transactionQuerySchema,
  type TransactionPage,
} from '../contracts/banking.ts';
import { routeGroup } from '../openapi/route.ts';

export const bankingRoutes = new Hono<AppEnv>();
bankingRoutes.use('*', requireUser);
const banking = routeGroup({ tag: 'Banking', access: 'user' });

bankingRoutes.get('/summary', banking('Balance and monthly figures.'), async (c) => {
  return c.json(await summary(c.var.deps.database.db, currentUser(c).id));
});

bankingRoutes.get(
  '/transactions',
  banking('A page of transactions, filtered.', { query: transactionQuerySchema }),
  async (c) => {
    const { page, pageSize, ...filter } = c.req.valid('query');
    const found = await transactions(c.var.deps.database.db, currentUser(c).id, filter, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const body: TransactionPage = { ...found, page, pageSize };
    return c.json(body);
  },
);

bankingRoutes.get(
  '/transactions.csv',
  banking('The filtered transactions as CSV.', {
    query: transactionQuerySchema,
    produces: 'text/csv',
  }),
  async (c) => {
    const { page: _page, pageSize: _size, ...filter } = c.req.valid('query');
    const { items } = await transactions(c.var.deps.database.db, currentUser(c).id, filter, {
      limit: CSV_ROWS_MAX,
      offset: 0,
    });
    const day = new Date().toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="clipdeck-transactions-${day}.csv"`);
    c.header('Cache-Control', 'no-store');
    return c.body(transactionsCsv(items));
  },
);
