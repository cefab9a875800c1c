// /api/orders: placing an order (the checkout's last step) and reading one's own orders. Placing
// needs `Idempotency-Key: <uuid>`, one per checkout attempt, so a double click, a retry after a
// timeout or a second tab makes one order (server/shop/order-placement.ts states the cases).
// A replay answers 200 with `Idempotent-Replayed: true`. Orders are read by their owner only:
// another user's order id is "not found".
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { orderIdQuery } from '../contracts/shop-calls.ts';
import { orderInputSchema } from '../contracts/shop.ts';
import { badRequest, parseJson, validate } from '../lib/errors.ts';
import { placeOrder } from '../shop/order-placement.ts';
import { listOrders, ownOrder } from '../shop/orders.ts';
import { shopOverview } from '../shop/overview.ts';

export const ORDER_KEY_HEADER = 'Idempotency-Key';

const keySchema = z.uuid();

export const orderRoutes = new Hono<AppEnv>();
orderRoutes.use('*', requireUser);

orderRoutes.post('/', async (c) => {
  const header = c.req.header(ORDER_KEY_HEADER);
  const key = keySchema.safeParse(header?.trim());
  if (!key.success) {
    throw badRequest(
      header
        ? 'The Idempotency-Key header must be a UUID.'
        : 'Send an Idempotency-Key header (a UUID per checkout attempt).',
      { [ORDER_KEY_HEADER]: header ? 'Expected a UUID.' : 'Required.' },
    );
  }
  const input = await parseJson(c, orderInputSchema);
  const { order, replayed } = await placeOrder(
    c.var.deps,
    currentUser(c),
    c.var.clientIp,
    key.data.toLowerCase(),
    input,
  );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.json({ order }, replayed ? 200 : 201);
});

orderRoutes.get('/', async (c) =>
  c.json({ orders: await listOrders(c.var.deps.database.db, currentUser(c).id) }),
);

orderRoutes.get('/order', async (c) => {
  const { id } = validate(orderIdQuery, { id: c.req.query('id') });
  return c.json({ order: await ownOrder(c.var.deps.database.db, currentUser(c).id, id) });
});

/** /api/e-commerce/overview: the store for admins, one's own orders for everyone else. */
export const shopOverviewRoutes = new Hono<AppEnv>();
shopOverviewRoutes.use('*', requireUser);
shopOverviewRoutes.get('/overview', async (c) => {
  return c.json(await shopOverview(c.var.deps.database.db, currentUser(c)));
});
