// The cart's local store on fake-indexeddb with the app's sync registry: what the mirror shows,
// what is queued, what is refused, and how queued intents rebase on the server's cart.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';

import { db, wipeUserData } from '@/lib/db';
import { writeServerState } from '@/lib/sync/pull';
import { loadSyncRegistry } from '@/lib/sync/registry-source';

import {
  applyCartChange,
  cartTotals,
  CartRuleError,
  emptyCart,
  MAX_LINE_QUANTITY,
  type Cart,
  type CartChange,
  type CartItemInput,
} from '../../../../server/contracts/shop';
import {
  addToCart,
  CartLimitError,
  decreaseQuantity,
  increaseQuantity,
  queuedCartChanges,
  removeFromCart,
  resetCart,
  setBilling,
  setDelivery,
  storeServerCart,
} from './cart-store';
import { readCart } from './tables';

const productId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, patch: Partial<CartItemInput> = {}): CartItemInput => ({
  id: productId(n),
  name: `Product ${n}`,
  slug: `product-${n}`,
  coverUrl: `/img/${n}.png`,
  price: 1000 + n,
  currency: 'USD',
  colors: ['#000000'],
  size: null,
  available: 5,
  ...patch,
});
const address = {
  id: 'a1',
  name: 'Bea Buyer',
  phone: '+1 555 0100',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  region: '',
  postcode: '12345',
  country: 'US',
  type: 'home' as const,
  isDefault: true,
};

const queued = async () =>
  (await db.outbox.orderBy('seq').toArray()).map((r) => [r.op, r.request.path]);
const quantities = async () => (await readCart()).items.map((i) => [i.id, i.quantity]);
const withoutTime = ({ updatedAt: _u, ...cart }: Cart) => cart;

beforeEach(async () => {
  await wipeUserData();
});

describe('the cart store', () => {
  it('adds a line, then one more of it with the colours merged, each queued with its path', async () => {
    await addToCart(item(1));
    await addToCart(item(1, { colors: ['#E53935'], size: 'L' }));
    const cart = await readCart();
    expect(cart.items).toEqual([
      { ...item(1), colors: ['#000000', '#E53935'], size: 'L', quantity: 2 },
    ]);
    expect(cartTotals(cart)).toMatchObject({ subtotal: 2002, total: 2002, totalItems: 2 });
    expect(await queued()).toEqual([
      ['cart.add', '/api/cart/items/add'],
      ['cart.add', '/api/cart/items/add'],
    ]);
  });

  it('raises, lowers (never below 1), deletes, and sets delivery and billing', async () => {
    await addToCart(item(1));
    await increaseQuantity(productId(1));
    await decreaseQuantity(productId(1));
    await decreaseQuantity(productId(1));
    expect(await quantities()).toEqual([[productId(1), 1]]);
    await setDelivery('express');
    await setBilling(address);
    const cart = await readCart();
    expect(cart.delivery).toBe('express');
    expect(cart.billing).toEqual(address);
    expect(cartTotals(cart)).toMatchObject({ subtotal: 1001, shipping: 1500, total: 2501 });
    await removeFromCart(productId(1));
    expect((await readCart()).items).toEqual([]);
    expect((await queued()).map(([op]) => op)).toEqual([
      'cart.add',
      'cart.increase',
      'cart.decrease',
      'cart.decrease',
      'cart.delivery',
      'cart.billing',
      'cart.delete',
    ]);
  });

  it('refuses more than the stock, an out-of-stock product and a 51st line, queueing nothing', async () => {
    await addToCart(item(1, { available: 2 }));
    await increaseQuantity(productId(1));
    const before = await db.outbox.count();
    await expect(increaseQuantity(productId(1))).rejects.toMatchObject({ reason: 'noMore' });
    await expect(addToCart(item(1, { available: 2 }))).rejects.toBeInstanceOf(CartLimitError);
    await expect(addToCart(item(2, { available: 0 }))).rejects.toMatchObject({
      reason: 'outOfStock',
    });
    expect(await db.outbox.count()).toBe(before);
    expect(await quantities()).toEqual([[productId(1), 2]]);

    for (let n = 3; n <= 51; n += 1) await addToCart(item(n));
    await expect(addToCart(item(60))).rejects.toMatchObject({ reason: 'tooManyLines' });
    expect((await readCart()).items).toHaveLength(50);
  });

  it('two quick clicks at the limit: the second is refused, not queued', async () => {
    await addToCart(item(1, { available: 2 }));
    const clicks = await Promise.allSettled([
      increaseQuantity(productId(1)),
      increaseQuantity(productId(1)),
    ]);
    expect(clicks.map((c) => c.status)).toEqual(['fulfilled', 'rejected']);
    expect(await queuedCartChanges()).toBe(2);
  });

  it('reset clears the lines, billing, delivery and totals', async () => {
    await addToCart(item(1));
    await setBilling(address);
    await setDelivery('standard');
    await resetCart();
    const cart = await readCart();
    expect(withoutTime(cart)).toEqual(withoutTime(emptyCart()));
    expect(cartTotals(cart)).toEqual({ subtotal: 0, discount: 0, shipping: 0, total: 0, totalItems: 0 });
  });
});

describe('queued intents on the server’s cart (the rebase of pull.ts)', () => {
  const serverCart = (quantity: number): Cart => ({
    ...emptyCart(),
    items: [{ ...item(1), quantity }],
  });

  it('“one more” counts once per snapshot, however many pulls come while it is queued', async () => {
    await addToCart(item(1));
    await increaseQuantity(productId(1));
    const registry = await loadSyncRegistry();
    // another device left 3 on the server; our two intents land on top: 3 + 1 (add) + 1
    await writeServerState(registry, new Map([['cart', serverCart(3)]]));
    expect(await quantities()).toEqual([[productId(1), 5]]);
    await writeServerState(registry, new Map([['cart', serverCart(3)]]));
    expect(await quantities()).toEqual([[productId(1), 5]]);
  });

  it('a pull whose cart fetch failed (another feature’s did not) applies nothing twice', async () => {
    await addToCart(item(1));
    await increaseQuantity(productId(1));
    const registry = await loadSyncRegistry();
    await writeServerState(registry, new Map([['calendar', []]]));
    await writeServerState(registry, new Map([['calendar', []]]));
    expect(await quantities()).toEqual([[productId(1), 2]]);
  });

  it('an intent that no longer fits on the server’s cart leaves it as it is (the pull goes on)', async () => {
    await addToCart(item(1, { available: 5 }));
    await increaseQuantity(productId(1));
    const registry = await loadSyncRegistry();
    await writeServerState(registry, new Map([['cart', serverCart(5)]]));
    expect(await quantities()).toEqual([[productId(1), 5]]);
  });

  it('the server’s answer (a discount) keeps the queued changes on top', async () => {
    await addToCart(item(1));
    await storeServerCart({ ...emptyCart(), discountCode: 'WELCOME10', discountPercent: 10 });
    const cart = await readCart();
    expect(cart).toMatchObject({ discountCode: 'WELCOME10', discountPercent: 10 });
    expect(cartTotals(cart)).toMatchObject({ subtotal: 1001, discount: 100, total: 901 });
  });
});

// ---- property: the mirror and the server agree, and the rules always hold ----------------

const changeArb: fc.Arbitrary<CartChange> = fc.oneof(
  fc
    .record({
      n: fc.integer({ min: 1, max: 4 }),
      available: fc.integer({ min: 0, max: 4 }),
      colour: fc.constantFrom('#000000', '#E53935', '#1E88E5'),
    })
    .map(({ n, available, colour }) => ({
      type: 'add' as const,
      body: { item: item(n, { available, colors: [colour] }) },
    })),
  fc.integer({ min: 1, max: 4 }).map((n) => ({ type: 'increase' as const, body: { id: productId(n) } })),
  fc.integer({ min: 1, max: 4 }).map((n) => ({ type: 'decrease' as const, body: { id: productId(n) } })),
  fc.integer({ min: 1, max: 4 }).map((n) => ({ type: 'delete' as const, body: { id: productId(n) } })),
  fc
    .constantFrom('free', 'standard', 'express')
    .map((delivery) => ({ type: 'delivery' as const, body: { delivery } })),
  fc.constant({ type: 'billing' as const, body: { address } }),
  fc.constant({ type: 'reset' as const, body: {} }),
);

const commands: Record<CartChange['type'], (change: CartChange) => Promise<void>> = {
  add: (c) => addToCart((c as Extract<CartChange, { type: 'add' }>).body.item),
  increase: (c) => increaseQuantity((c.body as { id: string }).id),
  decrease: (c) => decreaseQuantity((c.body as { id: string }).id),
  delete: (c) => removeFromCart((c.body as { id: string }).id),
  delivery: (c) => setDelivery((c as Extract<CartChange, { type: 'delivery' }>).body.delivery),
  billing: () => setBilling(address),
  reset: () => resetCart(),
};

describe('any sequence of cart changes', () => {
  it('keeps the totals and quantity limits, and mirror, rebase and server copy agree', async () => {
    const registry = await loadSyncRegistry();
    await fc.assert(
      fc.asyncProperty(
        fc.array(changeArb, { maxLength: 25 }),
        fc.integer({ min: 0, max: 30 }),
        async (changes, percent) => {
          await wipeUserData();
          let server = { ...emptyCart(), discountPercent: percent };
          await storeServerCart(server);
          for (const change of changes) {
            let refused = false;
            try {
              server = applyCartChange(server, change);
            } catch (error) {
              if (!(error instanceof CartRuleError)) throw error;
              refused = true;
            }
            const local = commands[change.type](change);
            if (refused) await expect(local).rejects.toBeInstanceOf(CartLimitError);
            else await local;

            const mirror = await readCart();
            const totals = cartTotals(mirror);
            expect(totals.total).toBe(totals.subtotal - totals.discount + totals.shipping);
            for (const line of mirror.items) {
              expect(line.quantity).toBeGreaterThanOrEqual(1);
              expect(line.quantity).toBeLessThanOrEqual(
                Math.min(MAX_LINE_QUANTITY, Math.max(1, line.available)),
              );
            }
          }
          expect(withoutTime(await readCart())).toEqual(withoutTime(server));
          // the same queue replayed on the snapshot it was built on gives the same cart
          await writeServerState(
            registry,
            new Map([['cart', { ...emptyCart(), discountPercent: percent }]]),
          );
          expect(withoutTime(await readCart())).toEqual(withoutTime(server));
        },
      ),
      { numRuns: 40 },
    );
  });
});
