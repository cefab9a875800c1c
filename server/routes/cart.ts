// /api/cart: the signed-in user's one cart (docs/product-rules.md). Every change the page queues
// offline is a `mutationPost` (exactly once per Idempotency-Key, alone or in POST
// /api/sync/batch) at the path the contract gives it (CART_CHANGE_PATHS), its body validated
// with the contract's schema; server/shop/cart-store.ts applies it. Discount codes are checked
// online (POST /discount, not queued).
import { Hono } from 'hono';
import type { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { discountCodeSchema } from '../contracts/shop-calls.ts';
import { CART_CHANGE_PATHS, cartChangeSchemas, type CartChange } from '../contracts/shop.ts';
import { route } from '../openapi/route.ts';
import { changeCart, readCart, setDiscountCode } from '../shop/cart-store.ts';
import { mutationPost } from '../sync/registry.ts';

export const cartRoutes = new Hono<AppEnv>();
cartRoutes.use('*', requireUser);

const tag = 'Cart';

cartRoutes.get('/', route({ tag, access: 'user', summary: 'My cart.' }), async (c) => {
  return c.json({ cart: await readCart(c.var.deps.database.db, currentUser(c).id) });
});

const SUMMARIES: Record<CartChange['type'], string> = {
  add: 'Add a product to the cart.',
  increase: 'One more of a line.',
  decrease: 'One less of a line.',
  delete: 'Remove a line.',
  billing: 'Choose the billing address.',
  delivery: 'Choose the delivery.',
  reset: 'Empty the cart.',
};

for (const type of Object.keys(CART_CHANGE_PATHS) as CartChange['type'][]) {
  const path = CART_CHANGE_PATHS[type].replace(/^\/api\/cart/, '');
  const spec = { tag, summary: SUMMARIES[type], body: cartChangeSchemas[type] as z.ZodType };
  mutationPost(cartRoutes, path, spec, async (tx, input, { user }) => {
    const change = { type, body: input } as CartChange;
    return { status: 200, body: { cart: await changeCart(tx, user.id, change) } };
  });
}

const discount = route({
  tag,
  access: 'user',
  summary: 'Apply a discount code (null removes it).',
  body: discountCodeSchema,
});
cartRoutes.post('/discount', discount, async (c) => {
  const { code } = c.req.valid('json');
  const who = { userId: currentUser(c).id, address: c.var.clientIp };
  return c.json({ cart: await setDiscountCode(c.var.deps.database.db, who, code) });
});
