// The cart's Dexie table (./schema.ts), typed with the contract (listed by ./sync.ts): one row,
// the user's cart as the server keeps it with the changes still queued on top.
import { mirrorTable } from '@/lib/db';

import { emptyCart, type Cart } from '../../../../server/contracts/cart-rules';

export const CART_ROW_ID = 'cart';
export type CartRow = Cart & { id: typeof CART_ROW_ID };

export const cartTable = mirrorTable<CartRow, 'id'>('cart');

/** The stored cart, or an empty one before the first pull. */
export async function readCart(): Promise<Cart> {
  const row = await cartTable().get(CART_ROW_ID);
  if (!row) return emptyCart();
  const { id: _id, ...cart } = row;
  return cart;
}

export async function writeCart(cart: Cart): Promise<void> {
  await cartTable().put({ ...cart, id: CART_ROW_ID });
}
