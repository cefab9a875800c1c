// /api/cart: the signed-in user's one cart (docs/product-rules.md). Every change the page queues
// offline is a `mutationPost` (exactly once per Idempotency-Key, alone or in POST
// /api/sync/batch) at the path the contract gives it (CART_CHANGE_PATHS), its body validated
// with the contract's schema; server/shop/cart-store.ts applies it. Discount codes are checked
// online (POST /discount, not queued).
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { discountCodeSchema } from '../contracts/shop-calls.ts';
import { CART_CHANGE_PATHS, cartChangeSchemas, type CartChange } from '../contracts/shop.ts';
import { parseJson, validate } from '../lib/errors.ts';
import { changeCart, readCart, setDiscountCode } from '../shop/cart-store.ts';
import { mutationPost } from '../sync/registry.ts';

export const cartRoutes = new Hono<AppEnv>();
cartRoutes.use('*', requireUser);

cartRoutes.get('/', async (c) => {
  return c.json({ cart: await readCart(c.var.deps.database.db, currentUser(c).id) });
});

for (const type of Object.keys(CART_CHANGE_PATHS) as CartChange['type'][]) {
  const path = CART_CHANGE_PATHS[type].replace(/^\/api\/cart/, '');
  mutationPost(cartRoutes, path, async (tx, body, { user }) => {
    const change = { type, body: validate(cartChangeSchemas[type], body) } as CartChange;
    return { status: 200, body: { cart: await changeCart(tx, user.id, change) } };
  });
}

cartRoutes.post('/discount', async (c) => {
  const { code } = await parseJson(c, discountCodeSchema);
  const who = { userId: currentUser(c).id, address: c.var.clientIp };
  return c.json({ cart: await setDiscountCode(c.var.deps.database.db, who, code) });
});
