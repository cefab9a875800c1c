// The user's one cart, stored as the contract's `Cart` and changed only by `applyCartChange`,
// the same pure function the page runs on its Dexie mirror. `lockCart` creates the row when
// missing and locks it (`FOR UPDATE`) for the rest of the transaction, so two devices' changes
// to one cart apply one after the other and neither is lost.
// An added product is read from the catalogue: its name, URL name, cover, current price and
// stock replace what the page sent, so the stored cart never holds a price the shop does not
// ask; a product that is gone or unpublished is a 422 naming `id`. Discount codes are checked
// online (./discounts.ts, where refused ones are limited).
import { and, eq } from 'drizzle-orm';

import {
  applyCartChange,
  CartRuleError,
  emptyCart,
  unitPrice,
  type Cart,
  type CartChange,
  type CartItemInput,
  type Currency,
} from '../contracts/shop.ts';
import type { Database, Executor } from '../db/client.ts';
import { carts, products } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';
import { checkedDiscount } from './discounts.ts';

export async function readCart(db: Executor, userId: string): Promise<Cart> {
  const [row] = await db.select({ cart: carts.cart }).from(carts).where(eq(carts.userId, userId));
  return row?.cart ?? emptyCart();
}

export async function lockCart(tx: Executor, userId: string): Promise<Cart> {
  await tx.insert(carts).values({ userId, cart: emptyCart() }).onConflictDoNothing();
  const [row] = await tx
    .select({ cart: carts.cart })
    .from(carts)
    .where(and(eq(carts.userId, userId)))
    .for('update');
  return row?.cart ?? emptyCart();
}

export async function saveCart(tx: Executor, userId: string, cart: Cart) {
  await tx.update(carts).set({ cart, updatedAt: new Date() }).where(eq(carts.userId, userId));
}

/** The change applied by the shared rules; a rule refusal is a 422 naming its field. */
export function applyOrRefuse(cart: Cart, change: CartChange): Cart {
  try {
    return applyCartChange(cart, change);
  } catch (error) {
    if (error instanceof CartRuleError)
      throw new ApiError(422, error.message, { [error.field]: error.message });
    throw error;
  }
}

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

/** Applies one change to the user's stored cart (locked for the transaction); answers the cart. */
export async function changeCart(tx: Executor, userId: string, change: CartChange): Promise<Cart> {
  const applied: CartChange =
    change.type === 'add'
      ? { type: 'add', body: { item: await fromCatalogue(tx, change.body.item) } }
      : change;
  const cart = applyOrRefuse(await lockCart(tx, userId), applied);
  await saveCart(tx, userId, cart);
  return cart;
}

/** Sets (a valid code) or removes (null) the cart's discount code; answers the cart. */
export async function setDiscountCode(
  db: Database,
  who: { userId: string; address: string },
  code: string | null,
): Promise<Cart> {
  const discount = code === null ? null : await checkedDiscount(db, who, code);
  return db.transaction(async (tx) => {
    const next = {
      ...(await lockCart(tx, who.userId)),
      discountCode: discount?.code ?? null,
      discountPercent: discount?.percent ?? 0,
      updatedAt: new Date().toISOString(),
    };
    await saveCart(tx, who.userId, next);
    return next;
  });
}
