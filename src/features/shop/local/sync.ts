// The cart in the sync registry: one table, a call per cart change (the contract's
// CART_CHANGE_PATHS) and a pull of GET /api/cart.
//
// Every `apply` runs the contract's `applyCartChange`, the function the server runs on its copy,
// so the mirror and the server always agree. Changes are intents ("one more of X"), which are
// not idempotent on their own: they are correct because the registry applies a queued change
// exactly once per base — when it is made, and once on each fresh snapshot of the cart while it
// is still queued (pull.ts replaces the row with the server's cart first, then rebases). So a
// cart built offline, or while the session was lost, lands on top of whatever the server's cart
// holds by then (another device's lines, a cart merged at sign-in).
//
// A change that no longer fits on a rebase (the line is at its limit on the server's cart)
// leaves the mirror as it is and never throws (a throw would abort the whole pull); the server
// refuses it too (422), so the sync panel lists it. Changes that do not fit when the user makes
// them are refused before they are queued (cart-store.ts).
import { defineFeatureSync, featurePull, operation, type ChangeOf } from '@/lib/sync/registry';

import {
  applyCartChange,
  CART_CHANGE_PATHS,
  CartRuleError,
  type Cart,
  type CartChange,
} from '../../../../server/contracts/cart-rules';
import { cartTable, readCart, writeCart } from './tables';

type Body<T extends CartChange['type']> = Extract<CartChange, { type: T }>['body'];

async function applyToMirror(change: CartChange) {
  try {
    await writeCart(applyCartChange(await readCart(), change));
  } catch (error) {
    if (!(error instanceof CartRuleError)) throw error;
  }
}

const itemName = async (id: string) => (await readCart()).items.find((i) => i.id === id)?.name;

const DELIVERY_KEYS = {
  free: 'shop.sync.deliveryFree',
  standard: 'shop.sync.deliveryStandard',
  express: 'shop.sync.deliveryExpress',
} as const;

export const cartSync = defineFeatureSync({
  name: 'cart',
  tables: [cartTable],
  operations: {
    'cart.add': operation<Body<'add'>>({
      path: CART_CHANGE_PATHS.add,
      apply: (body) => applyToMirror({ type: 'add', body }),
      describe: (body) => ({ key: 'shop.sync.add', name: body.item.name }),
    }),
    'cart.increase': operation<Body<'increase'>>({
      path: CART_CHANGE_PATHS.increase,
      apply: (body) => applyToMirror({ type: 'increase', body }),
      describe: async (body) => ({ key: 'shop.sync.increase', name: await itemName(body.id) }),
    }),
    'cart.decrease': operation<Body<'decrease'>>({
      path: CART_CHANGE_PATHS.decrease,
      apply: (body) => applyToMirror({ type: 'decrease', body }),
      describe: async (body) => ({ key: 'shop.sync.decrease', name: await itemName(body.id) }),
    }),
    'cart.delete': operation<Body<'delete'>>({
      path: CART_CHANGE_PATHS.delete,
      apply: (body) => applyToMirror({ type: 'delete', body }),
      describe: async (body) => ({ key: 'shop.sync.remove', name: await itemName(body.id) }),
    }),
    'cart.billing': operation<Body<'billing'>>({
      path: CART_CHANGE_PATHS.billing,
      apply: (body) => applyToMirror({ type: 'billing', body }),
      describe: (body) =>
        body.address
          ? { key: 'shop.sync.billing', name: body.address.name }
          : { key: 'shop.sync.billingClear' },
    }),
    'cart.delivery': operation<Body<'delivery'>>({
      path: CART_CHANGE_PATHS.delivery,
      apply: (body) => applyToMirror({ type: 'delivery', body }),
      describe: (body) => ({ key: DELIVERY_KEYS[body.delivery] }),
    }),
    'cart.reset': operation<Body<'reset'>>({
      path: CART_CHANGE_PATHS.reset,
      apply: (body) => applyToMirror({ type: 'reset', body }),
      describe: () => ({ key: 'shop.sync.reset' }),
    }),
  },
  pull: featurePull<Cart>({
    fetch: async (getJson) => (await getJson<{ cart: Cart }>('/api/cart')).cart,
    write: writeCart,
  }),
});

export type CartSyncChange = ChangeOf<typeof cartSync>;
