// /api/orders: placing an order (the checkout's last step) and reading one's own orders. Placing
// needs `Idempotency-Key: <uuid>`, one per checkout attempt, so a double click, a retry after a
// timeout or a second tab makes one order (server/shop/order-placement.ts states the cases).
// A replay answers 200 with `Idempotent-Replayed: true`. Orders are read by their owner only:
// another user's order id is "not found".
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { orderIdQuery } from '../contracts/shop-calls.ts';
import { orderInputSchema } from '../contracts/shop.ts';
import { badRequest } from '../lib/errors.ts';
import { routeGroup } from '../openapi/route.ts';
import { placeOrder } from '../shop/order-placement.ts';
import { listOrders, ownOrder } from '../shop/orders.ts';
import { shopOverview } from '../shop/overview.ts';

export const ORDER_KEY_HEADER = 'Idempotency-Key';

const keySchema = z.uuid();

export const orderRoutes = new Hono<AppEnv>();
orderRoutes.use('*', requireUser);
const orders = routeGroup({ tag: 'Orders', access: 'user' });

/** The checkout key, checked before the body (its own messages). */
function orderKey(header: string | undefined) {
  const key = keySchema.safeParse(header?.trim());
  if (key.success) return key.data.toLowerCase();
  throw badRequest(
    header
      ? 'The Idempotency-Key header must be a UUID.'
      : 'Send an Idempotency-Key header (a UUID per checkout attempt).',
    { [ORDER_KEY_HEADER]: header ? 'Expected a UUID.' : 'Required.' },
  );
}
const keyFirst = createMiddleware<AppEnv>(async (c, next) => {
  orderKey(c.req.header(ORDER_KEY_HEADER));
  await next();
});

const place = orders(
  'Place the order for my cart (201; the same key again answers the same order).',
  {
    headers: z.object({
      [ORDER_KEY_HEADER]: z.uuid().meta({ description: 'A UUID per checkout attempt.' }),
    }),
    body: orderInputSchema,
    status: 201,
  },
);
orderRoutes.post('/', keyFirst, place, async (c) => {
  const input = c.req.valid('json');
  const { order, replayed } = await placeOrder(
    c.var.deps,
    currentUser(c),
    c.var.clientIp,
    orderKey(c.req.header(ORDER_KEY_HEADER)),
    input,
  );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return c.json({ order }, replayed ? 200 : 201);
});

orderRoutes.get('/', orders('My orders.'), async (c) =>
  c.json({ orders: await listOrders(c.var.deps.database.db, currentUser(c).id) }),
);

orderRoutes.get('/order', orders('One of my orders.', { query: orderIdQuery }), async (c) => {
  const { id } = c.req.valid('query');
  return c.json({ order: await ownOrder(c.var.deps.database.db, currentUser(c).id, id) });
});

/** /api/e-commerce/overview: the store for admins, one's own orders for everyone else. */
export const shopOverviewRoutes = new Hono<AppEnv>();
shopOverviewRoutes.use('*', requireUser);
const figures = routeGroup({ tag: 'Shop', access: 'user' })("The shop overview's figures.");
shopOverviewRoutes.get('/overview', figures, async (c) => {
  return c.json(await shopOverview(c.var.deps.database.db, currentUser(c)));
});
