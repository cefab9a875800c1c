// /api/cart: the signed-in user's one cart (spec points 3 and 4). Every change the page queues
// offline is a `mutationPost` (exactly once per Idempotency-Key, alone or in POST
// /api/sync/batch): its body is validated with the contract's schema and applied by
// `applyCartChange` to the stored cart, locked for the transaction; the answer is the new cart.
// An added product is read from the catalogue: its name, URL name, cover, current price and
// stock replace what the page sent, so the stored cart never holds a price the shop does not
// ask; a product that is gone or unpublished is a 422 naming `id`. Discount codes are checked
// online (POST /discount, not queued), and refused ones are limited (server/shop/discounts.ts).
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  cartChangeSchemas,
  unitPrice,
  type CartChange,
  type CartItemInput,
  type Currency,
} from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import { ApiError, parseJson, validate } from '../lib/errors.ts';
import { applyOrRefuse, lockCart, readCart, saveCart } from '../shop/cart-store.ts';
import { checkedDiscount } from '../shop/discounts.ts';
import { mutationPost } from '../sync/registry.ts';

async function fromCatalogue(tx: Executor, item: CartItemInput): Promise<CartItemInput> {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, item.id), eq(products.published, true)))
    .limit(1);
  if (!row) {
    throw new ApiError(422, 'This product is no longer sold.', {
      id: 'This product is no longer sold.',
    });
  }
  return {
    ...item,
    name: row.name,
    slug: row.slug,
    coverUrl: row.images[0] ?? '',
    price: unitPrice(row),
    currency: row.currency as Currency,
    colors: item.colors.filter((c) => row.colors.includes(c)),
    size: item.size && row.sizes.includes(item.size) ? item.size : null,
    available: row.stock,
  };
}

export const cartRoutes = new Hono<AppEnv>();
cartRoutes.use('*', requireUser);

cartRoutes.get('/', async (c) => {
  return c.json({ cart: await readCart(c.var.deps.database.db, currentUser(c).id) });
});

type ChangeType = CartChange['type'];

const CHANGE_PATHS: Record<ChangeType, string> = {
  add: '/items/add',
  increase: '/items/increase',
  decrease: '/items/decrease',
  delete: '/items/delete',
  billing: '/billing',
  delivery: '/delivery',
  reset: '/reset',
};

for (const type of Object.keys(CHANGE_PATHS) as ChangeType[]) {
  mutationPost(cartRoutes, CHANGE_PATHS[type], async (tx, body, { user }) => {
    let input: CartChange['body'] = validate(cartChangeSchemas[type], body);
    if (type === 'add') {
      const { item } = input as { item: CartItemInput };
      input = { item: await fromCatalogue(tx, item) };
    }
    const cart = applyOrRefuse(await lockCart(tx, user.id), { type, body: input } as CartChange);
    await saveCart(tx, user.id, cart);
    return { status: 200, body: { cart } };
  });
}

export const discountSchema = z.object({
  code: z
    .string({ error: 'Enter a code, or null to remove it.' })
    .trim()
    .min(1, 'Enter a code.')
    .max(40, 'Codes are 40 characters at most.')
    .nullable(),
});

cartRoutes.post('/discount', async (c) => {
  const { code } = await parseJson(c, discountSchema);
  const userId = currentUser(c).id;
  const db = c.var.deps.database.db;
  const discount =
    code === null ? null : await checkedDiscount(db, { userId, address: c.var.clientIp }, code);
  const cart = await db.transaction(async (tx) => {
    const next = {
      ...(await lockCart(tx, userId)),
      discountCode: discount?.code ?? null,
      discountPercent: discount?.percent ?? 0,
      updatedAt: new Date().toISOString(),
    };
    await saveCart(tx, userId, next);
    return next;
  });
  return c.json({ cart });
});
