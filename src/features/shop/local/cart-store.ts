// The cart as the pages see it: read live from the Dexie mirror, changed only through the sync
// queue (save-change.ts: the mirror and the queued request in one transaction), so it opens and
// changes offline and reaches the server once.
//
// A change is first checked against the stored cart with the contract's rules; one that does
// not fit (more than the stock, a 51st line) throws a CartLimitError the page shows, and
// nothing is queued. The commands of this page run one after another, so that check always
// sees the cart the change will be applied to (two quick clicks on "+" at the limit: the second
// is refused, not queued).
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';

import { saveChange } from '@/components/sync/save-change';
import { db } from '@/lib/db';
import { writeServerState } from '@/lib/sync/pull';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import {
  applyCartChange,
  cartTotals,
  CartRuleError,
  type Cart,
  type CartChange,
  type CartTotals,
  type DeliveryId,
} from '../../../../server/contracts/cart-rules';
import type { Address, CartItemInput } from '../../../../server/contracts/shop';
import { readStoredCheckout, storeCheckout } from './checkout-state';
import type { CartSyncChange } from './sync';
import { readCart } from './tables';

export type CartLimit = 'noMore' | 'outOfStock' | 'tooManyLines';

/** A change the cart's rules refuse, said in the page's words (`reason`). */
export class CartLimitError extends Error {
  constructor(
    readonly reason: CartLimit,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const OPERATION = {
  add: 'cart.add',
  increase: 'cart.increase',
  decrease: 'cart.decrease',
  delete: 'cart.delete',
  billing: 'cart.billing',
  delivery: 'cart.delivery',
  reset: 'cart.reset',
} as const satisfies Record<CartChange['type'], CartSyncChange['op']>;

export const CART_OPERATIONS: readonly string[] = Object.values(OPERATION);

function limitOf(error: CartRuleError, change: CartChange, cart: Cart): CartLimitError {
  const newLine = change.type === 'add' && !cart.items.some((i) => i.id === change.body.item.id);
  const reason: CartLimit =
    error.field === 'items' ? 'tooManyLines' : newLine ? 'outOfStock' : 'noMore';
  return new CartLimitError(reason, error.field, error.message);
}

let last: Promise<unknown> = Promise.resolve();
/** Runs the commands of this page one at a time, in the order they were given. */
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const next = last.then(run, run);
  last = next.catch(() => undefined);
  return next;
}

function change(change: CartChange): Promise<void> {
  return inTurn(async () => {
    const cart = await readCart();
    try {
      applyCartChange(cart, change);
    } catch (error) {
      if (error instanceof CartRuleError) throw limitOf(error, change, cart);
      throw error;
    }
    await saveChange({ op: OPERATION[change.type], body: change.body });
    // a new cart after an order placed: a new checkout
    if (change.type === 'add' && readStoredCheckout().activeStep === 3) storeCheckout({ activeStep: 0 });
  });
}

export const addToCart = (item: CartItemInput) => change({ type: 'add', body: { item } });
export const increaseQuantity = (id: string) => change({ type: 'increase', body: { id } });
export const decreaseQuantity = (id: string) => change({ type: 'decrease', body: { id } });
export const removeFromCart = (id: string) => change({ type: 'delete', body: { id } });
export const setDelivery = (delivery: DeliveryId) => change({ type: 'delivery', body: { delivery } });
/** The address is copied into the cart (the address book may change later). */
export const setBilling = (address: Address | null) =>
  change({ type: 'billing', body: { address } });
/** Clears the cart, billing and totals (docs/product-rules.md#shop-cart-and-checkout). */
export const resetCart = () => change({ type: 'reset', body: {} });

export interface CartView {
  cart: Cart;
  totals: CartTotals;
}

/** The stored cart and its totals (live), undefined while the database opens. */
export function useCart(): CartView | undefined {
  const cart = useLiveQuery(() => readCart(), []);
  return useMemo(() => (cart ? { cart, totals: cartTotals(cart) } : undefined), [cart]);
}

/** The cart as the server answered it (a discount, after an order), with the changes still
 *  queued on top: the same rebase as a pull. */
export async function storeServerCart(cart: Cart): Promise<void> {
  const registry = await loadSyncRegistry();
  await inTurn(() => writeServerState(registry, new Map([['cart', cart]])));
}

/** Cart changes not yet delivered (the checkout waits for none). */
export async function queuedCartChanges(): Promise<number> {
  await loadSyncRegistry();
  return db.outbox
    .where('status')
    .equals('queued')
    .filter((row) => !row.skip && CART_OPERATIONS.includes(row.op))
    .count();
}
