// The user's one cart, stored as the contract's `Cart` and changed only by `applyCartChange`,
// the same pure function the page runs on its Dexie mirror. `lockCart` creates the row when
// missing and locks it (`FOR UPDATE`) for the rest of the transaction, so two devices' changes
// to one cart apply one after the other and neither is lost.
import { and, eq } from 'drizzle-orm';

import {
  applyCartChange,
  CartRuleError,
  emptyCart,
  type Cart,
  type CartChange,
} from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { carts } from '../db/schema/index.ts';
import { ApiError } from '../lib/errors.ts';

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
