// The server cart: each queued change through its own route and through POST /api/sync/batch
// (applied once however often it is replayed), the contract's rules refused as 422 naming the
// field, added items priced from the catalogue, discount codes checked online, and one user's
// cart invisible to another.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  applyCartChange,
  CART_CHANGE_PATHS,
  cartTotals,
  emptyCart,
  type Cart,
  type CartItemInput,
  type Product,
} from '../contracts/shop.ts';
import { seedDiscountCodes } from '../seed/shop.ts';
import { address, createProduct } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: string;
let tee: Product;
let mug: Product;

beforeAll(async () => {
  server = await createTestServer({ TRUST_PROXY: 'true' });
  admin = (await server.createUser({ role: 'admin' })).token;
  tee = await createProduct(server, admin, {
    price: 2500,
    priceSale: 2000,
    stock: 3,
    colors: ['#000000', '#FFFFFF'],
  });
  mug = await createProduct(server, admin, { category: 'mugs', price: 1200, stock: 50 });
  await seedDiscountCodes(server.deps.database.db);
});
afterAll(() => server.close());

const item = (p: Product, colors = [p.colors[0]!]): CartItemInput => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  coverUrl: p.images[0]!,
  price: 1, // whatever the page believed: the server asks the catalogue
  currency: 'USD',
  colors,
  size: 'M',
  available: 99,
});

async function change(token: string, path: string, body: unknown, key?: string, address?: string) {
  const res = await server.call('POST', path, {
    token,
    body,
    headers: {
      ...(key ? { 'Idempotency-Key': key } : {}),
      ...(address ? { 'X-Forwarded-For': address } : {}),
    },
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('Retry-After'),
    json: (await res.json()) as { cart: Cart; fields?: Record<string, string> },
  };
}

async function getCart(token: string) {
  return ((await (await server.call('GET', '/api/cart', { token })).json()) as { cart: Cart }).cart;
}

describe('cart changes through their routes', () => {
  it('starts empty, adds (merging colours), raises, lowers, deletes, sets billing and delivery, resets', async () => {
    const { token } = await server.createUser();
    expect(await getCart(token)).toEqual(emptyCart());
    expect((await server.call('GET', '/api/cart')).status).toBe(401);

    await change(token, CART_CHANGE_PATHS.add, { item: item(tee, ['#000000']) });
    const merged = await change(token, CART_CHANGE_PATHS.add, { item: item(tee, ['#FFFFFF']) });
    expect(merged.status).toBe(200);
    expect(merged.json.cart.items).toHaveLength(1);
    expect(merged.json.cart.items[0]).toMatchObject({
      quantity: 2,
      colors: ['#000000', '#FFFFFF'],
      price: 2000, // the sale price from the catalogue, not what the page sent
      available: 3,
      name: tee.name,
    });
    await change(token, CART_CHANGE_PATHS.add, { item: item(mug) });
    await change(token, CART_CHANGE_PATHS.increase, { id: mug.id });
    await change(token, CART_CHANGE_PATHS.decrease, { id: tee.id });
    await change(token, CART_CHANGE_PATHS.delivery, { delivery: 'express' });
    const billed = await change(token, CART_CHANGE_PATHS.billing, {
      address: { ...address, id: 'a1' },
    });
    const cart = billed.json.cart;
    expect(cart.items.map((i) => [i.name, i.quantity])).toEqual([
      [tee.name, 1],
      [mug.name, 2],
    ]);
    expect(cart.billing?.city).toBe('London');
    expect(cartTotals(cart)).toMatchObject({ subtotal: 2000 + 2400, shipping: 1500, total: 5900 });
    expect(await getCart(token)).toEqual(cart);

    await change(token, CART_CHANGE_PATHS.delete, { id: mug.id });
    expect((await getCart(token)).items).toHaveLength(1);
    const reset = await change(token, CART_CHANGE_PATHS.reset, {});
    expect({ ...reset.json.cart, updatedAt: '' }).toEqual({ ...emptyCart(), updatedAt: '' });
  });

  it('refuses a broken rule with 422 naming the field, and bad bodies with 400', async () => {
    const { token } = await server.createUser();
    await change(token, CART_CHANGE_PATHS.add, { item: item(tee) });
    await change(token, CART_CHANGE_PATHS.increase, { id: tee.id });
    await change(token, CART_CHANGE_PATHS.increase, { id: tee.id });
    const over = await change(token, CART_CHANGE_PATHS.increase, { id: tee.id });
    expect(over.status).toBe(422);
    expect(over.json.fields).toHaveProperty('quantity');
    expect((await getCart(token)).items[0]!.quantity).toBe(3);

    const bad = await change(token, CART_CHANGE_PATHS.add, { item: { ...item(tee), id: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toHaveProperty('item.id');
    const unknown = await change(token, CART_CHANGE_PATHS.add, {
      item: { ...item(tee), id: crypto.randomUUID() },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.fields).toHaveProperty('id');
    const delivery = await change(token, CART_CHANGE_PATHS.delivery, { delivery: 'teleport' });
    expect(delivery.status).toBe(400);
    expect(delivery.json.fields).toHaveProperty('delivery');
  });

  it('holds one currency: a product priced in another is refused naming currency', async () => {
    const { token } = await server.createUser();
    const print = await createProduct(server, admin, { category: 'prints', currency: 'EUR' });
    await change(token, CART_CHANGE_PATHS.add, { item: item(mug) });
    const other = await change(token, CART_CHANGE_PATHS.add, { item: item(print) });
    expect(other.status).toBe(422);
    expect(other.json.fields).toHaveProperty('currency');
    expect((await getCart(token)).items.map((i) => i.id)).toEqual([mug.id]);
    await change(token, CART_CHANGE_PATHS.delete, { id: mug.id });
    expect((await change(token, CART_CHANGE_PATHS.add, { item: item(print) })).status).toBe(200);
  });

  it('gives the same cart as the page computes with the shared rules', async () => {
    const { token } = await server.createUser();
    let mirror = emptyCart();
    const steps = [
      { type: 'add', body: { item: { ...item(tee), price: 2000, available: 3 } } },
      { type: 'increase', body: { id: tee.id } },
      { type: 'add', body: { item: { ...item(tee, ['#FFFFFF']), price: 2000, available: 3 } } },
      { type: 'decrease', body: { id: tee.id } },
      { type: 'delivery', body: { delivery: 'standard' } },
    ] as const;
    for (const step of steps) {
      mirror = applyCartChange(mirror, step);
      await change(token, CART_CHANGE_PATHS[step.type], step.body);
    }
    const stored = await getCart(token);
    expect(stored.items[0]).toMatchObject({ quantity: 2, colors: ['#000000', '#FFFFFF'] });
    expect({ ...stored, updatedAt: '' }).toEqual({
      ...mirror,
      items: mirror.items.map((i) => ({
        ...i,
        name: tee.name,
        slug: tee.slug,
        coverUrl: tee.images[0],
      })),
      updatedAt: '',
    });
  });
});

describe('cart changes through the sync queue', () => {
  it('applies a batch once, however often it is replayed (twice, ten times), alone or batched', async () => {
    const { token } = await server.createUser();
    const clientId = crypto.randomUUID();
    const changes = [
      [CART_CHANGE_PATHS.add, { item: item(mug) }],
      [CART_CHANGE_PATHS.increase, { id: mug.id }],
      [CART_CHANGE_PATHS.add, { item: item(tee) }],
      [CART_CHANGE_PATHS.increase, { id: mug.id }],
      [CART_CHANGE_PATHS.delivery, { delivery: 'free' }],
    ].map(([path, body], i) => ({
      key: `${clientId}:${i + 1}`,
      method: 'POST',
      path: path as string,
      body: JSON.stringify(body),
    }));
    // the first change went alone before the connection dropped
    const alone = await change(
      token,
      changes[0]!.path,
      JSON.parse(changes[0]!.body),
      changes[0]!.key,
    );
    expect(alone.status).toBe(200);
    const again = await server.call('POST', changes[0]!.path, {
      token,
      body: changes[0]!.body,
      headers: { 'Idempotency-Key': changes[0]!.key },
    });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');

    const expected = { mug: 3, tee: 1 };
    for (let round = 0; round < 10; round += 1) {
      const res = await server.call('POST', '/api/sync/batch', { token, body: { changes } });
      expect(res.status).toBe(200);
      const json = (await res.json()) as { results: { status: number; replayed: boolean }[] };
      expect(json.results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(json.results.every((r, i) => r.replayed === (round > 0 || i === 0))).toBe(true);
      const cart = await getCart(token);
      expect(cart.items.map((i) => i.quantity)).toEqual([expected.mug, expected.tee]);
      expect(cart.delivery).toBe('free');
    }
  });

  it('stores a rule refusal as the answer, so the queue moves on and replays get the same 422', async () => {
    const { token } = await server.createUser();
    const clientId = crypto.randomUUID();
    const changes = [
      [CART_CHANGE_PATHS.increase, { id: tee.id }], // not in the cart: no change
      [CART_CHANGE_PATHS.add, { item: item(tee) }],
      [CART_CHANGE_PATHS.increase, { id: tee.id }],
      [CART_CHANGE_PATHS.increase, { id: tee.id }],
      [CART_CHANGE_PATHS.increase, { id: tee.id }], // past the stock of 3
      [CART_CHANGE_PATHS.decrease, { id: tee.id }],
    ].map(([path, body], i) => ({
      key: `${clientId}:${i + 1}`,
      method: 'POST',
      path: path as string,
      body: JSON.stringify(body),
    }));
    for (let round = 0; round < 2; round += 1) {
      const res = await server.call('POST', '/api/sync/batch', { token, body: { changes } });
      const json = (await res.json()) as {
        results: { status: number; body: { fields?: object } }[];
        stopped: boolean;
      };
      expect(json.results.map((r) => r.status)).toEqual([200, 200, 200, 200, 422, 200]);
      expect(json.results[4]!.body.fields).toHaveProperty('quantity');
      expect(json.stopped).toBe(false);
      expect((await getCart(token)).items[0]!.quantity).toBe(2);
    }
  });
});

describe('discount codes', () => {
  it('applies a known code (any case), refuses an unknown or expired one naming code, clears with null', async () => {
    const { token } = await server.createUser();
    await change(token, CART_CHANGE_PATHS.add, { item: item(mug) });
    const ok = await change(token, '/api/cart/discount', { code: 'welcome10' });
    expect(ok.status).toBe(200);
    expect(ok.json.cart).toMatchObject({ discountCode: 'WELCOME10', discountPercent: 10 });
    expect(cartTotals(ok.json.cart)).toMatchObject({ subtotal: 1200, discount: 120, total: 1080 });

    await server.deps.database.db.execute(
      `insert into discount_codes (code, percent, expires_at) values ('OLD50', 50, now() - interval '1 day')`,
    );
    for (const code of ['NOPE', 'OLD50']) {
      const bad = await change(token, '/api/cart/discount', { code });
      expect(bad.status, code).toBe(422);
      expect(bad.json.fields).toHaveProperty('code');
    }
    expect((await getCart(token)).discountCode).toBe('WELCOME10');
    const cleared = await change(token, '/api/cart/discount', { code: null });
    expect(cleared.json.cart).toMatchObject({ discountCode: null, discountPercent: 0 });
    expect((await change(token, '/api/cart/discount', {})).status).toBe(400);
  });
});

describe('guessing discount codes', () => {
  const tryCode = (token: string, code: string, address: string) =>
    change(token, '/api/cart/discount', { code }, undefined, address);

  it('holds a user back after 10 refused codes: every code, right or wrong, is a 429 until the window ends', async () => {
    const guesser = await server.createUser();
    // a code that works costs nothing
    expect((await tryCode(guesser.token, 'WELCOME10', '10.5.0.1')).status).toBe(200);
    for (let i = 0; i < 10; i += 1)
      expect((await tryCode(guesser.token, `GUESS${i}`, `10.5.1.${i}`)).status).toBe(422);
    for (const code of ['GUESS10', 'WELCOME10']) {
      const held = await tryCode(guesser.token, code, '10.5.0.99');
      expect(held.status, code).toBe(429);
      expect(Number(held.retryAfter)).toBeGreaterThan(0);
    }
    // someone else is not held back
    const other = await server.createUser();
    expect((await tryCode(other.token, 'WELCOME10', '10.5.0.2')).status).toBe(200);
  });

  it('holds an address back after 30 refused codes, whichever accounts tried them', async () => {
    const accounts = await Promise.all([1, 2, 3, 4].map(() => server.createUser()));
    for (const { token } of accounts.slice(0, 3))
      for (let i = 0; i < 10; i += 1)
        expect((await tryCode(token, `NOPE${i}`, '10.6.0.1')).status).toBe(422);
    const fresh = accounts[3]!.token;
    expect((await tryCode(fresh, 'WELCOME10', '10.6.0.1')).status).toBe(429);
    expect((await tryCode(fresh, 'WELCOME10', '10.6.0.2')).status).toBe(200);
  });
});

describe('isolation', () => {
  it('user B never sees or changes user A’s cart', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    await change(a.token, CART_CHANGE_PATHS.add, { item: item(mug) });
    await change(a.token, CART_CHANGE_PATHS.billing, { address: { ...address, id: 'x' } });
    expect(await getCart(b.token)).toEqual(emptyCart());
    await change(b.token, CART_CHANGE_PATHS.delete, { id: mug.id });
    await change(b.token, CART_CHANGE_PATHS.reset, {});
    const cartA = await getCart(a.token);
    expect(cartA.items).toHaveLength(1);
    expect(cartA.billing?.name).toBe('Dana Demo');
  });
});
