// Placing an order from the device: one order per attempt, whatever runs at once or again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db, wipeUserData } from '@/lib/db';
import { withSyncLock } from '@/lib/sync/lock';

import type { Address, CartItemInput, PaymentInput } from '../../../../server/contracts/shop';
import { flushProductState, readProductState } from '../persist';
import { fakeShopServer } from '../testing/fake-shop-server';
import { stubApi } from '../testing/make-product';
import { addToCart, setBilling, setDelivery } from './cart-store';
import { CheckoutError, placeOrder } from './place-order';
import { readCart } from './tables';

const item: CartItemInput = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Poster',
  slug: 'poster',
  coverUrl: '',
  price: 1500,
  currency: 'USD',
  colors: [],
  size: 'A3',
  available: 4,
};
const billing: Address = {
  id: 'a1',
  name: 'Bea Buyer',
  phone: '+1 555 0100',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  region: '',
  postcode: '12345',
  country: 'US',
  type: 'home',
  isDefault: true,
};
const card: PaymentInput = { holder: 'Bea Buyer', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

beforeEach(async () => {
  await wipeUserData();
  localStorage.setItem('accessToken', 'token');
  await addToCart(item);
  await setBilling(billing);
  await setDelivery('free');
});
afterEach(() => {
  flushProductState();
  vi.unstubAllGlobals();
});

describe('placing an order', () => {
  it('delivers the queued cart first, then places one order; two at once (tabs, clicks) make one', async () => {
    const server = fakeShopServer();
    const api = stubApi(server.routes);
    const [a, b] = await Promise.all([placeOrder(card, () => true), placeOrder(card, () => true)]);
    expect(a.id).toBe(b.id);
    expect(server.state.orders).toHaveLength(1);
    expect(api.calls('POST', '/api/orders')).toHaveLength(1);
    expect(server.state.orders[0]).toMatchObject({ delivery: 'free', lines: [{ productId: item.id, quantity: 1 }] });
    expect(await db.outbox.where('status').equals('queued').count()).toBe(0);
    expect((await readCart()).items).toEqual([]);
    expect(readProductState().checkout).toEqual({ activeStep: 3, orderId: a.id });
  });

  it('waits while another holder of the sync lock (a tab, the service worker) delivers the cart', async () => {
    const server = fakeShopServer();
    const api = stubApi(server.routes);
    // the other holder's turn outlasts any fixed pause: it ends once its requests are answered
    let endTurn = () => {};
    const otherTurn = withSyncLock(() => new Promise<void>((resolve) => (endTurn = resolve)));
    const order = placeOrder(card, () => true);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(api.calls('POST', '/api/orders')).toHaveLength(0);
    endTurn();
    await otherTurn;
    const placed = await order;
    expect(server.state.orders).toHaveLength(1);
    expect(placed.id).toBe(server.state.orders[0]!.id);
  });

  it('offline: nothing is sent, nothing is lost', async () => {
    const api = stubApi(fakeShopServer().routes);
    await expect(placeOrder(card, () => false)).rejects.toMatchObject({ problem: 'offline' });
    expect(api.fetch).not.toHaveBeenCalled();
    expect((await readCart()).items).toHaveLength(1);
    expect(await db.outbox.count()).toBe(3);
  });

  it('a server that cannot be reached keeps the key for the retry; out of stock ends the attempt', async () => {
    const server = fakeShopServer();
    server.state.nextOrder.push('network');
    stubApi(server.routes);
    await expect(placeOrder(card, () => true)).rejects.toMatchObject({ problem: 'unreachable' });
    const key = readProductState().checkout.orderKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // the lost answer did place the order: the retry gets it, not a second one
    const order = await placeOrder(card, () => true);
    expect(server.state.orders).toEqual([order]);

    await addToCart(item);
    await setBilling(billing);
    await setDelivery('express');
    server.state.nextOrder.push('stock');
    const refused = await placeOrder(card, () => true).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CheckoutError);
    expect(refused).toMatchObject({ problem: 'stock', fields: { lines: 'Not enough stock: Tee (1 left).' } });
    expect(readProductState().checkout.orderKey).toBeUndefined();
  });

  it('a key the server already used for another request shows the order it placed', async () => {
    const server = fakeShopServer();
    stubApi({
      ...server.routes,
      'POST /api/orders': () =>
        Response.json(
          { error: 'Used', fields: { 'Idempotency-Key': 'Already used for a different order.' } },
          { status: 422 },
        ),
      'GET /api/orders': () =>
        Response.json({ orders: [{ id: 'o-earlier', number: 'CD-000007', createdAt: new Date().toISOString() }] }),
    });
    const order = await placeOrder(card, () => true);
    expect(order).toMatchObject({ id: 'o-earlier' });
    expect(readProductState().checkout).toEqual({ activeStep: 3, orderId: 'o-earlier' });
  });

  it('a session paused by a 401 says so and sends no order', async () => {
    const server = fakeShopServer();
    const api = stubApi({
      ...server.routes,
      'POST /api/sync/batch': () => Response.json({ error: 'Sign in' }, { status: 401 }),
    });
    await expect(placeOrder(card, () => true)).rejects.toMatchObject({ problem: 'paused' });
    expect(api.calls('POST', '/api/orders')).toHaveLength(0);
    expect(await db.outbox.where('status').equals('queued').count()).toBe(3);
  });
});
