// The address book: create, list, update, delete; one default per user (the first address, or
// the one marked); a full book refused with 422; every call scoped to its user. And the shop
// overview: one's own orders for a user, the whole store for an admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Address, ShopOverview } from '../contracts/shop.ts';
import { MAX_ADDRESSES } from '../shop/addresses.ts';
import { address, createProduct, orderInput, placeOrder } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

type Answer = { address: Address; fields?: Record<string, string> };

async function add(token: string, body: object) {
  const res = await server.call('POST', '/api/addresses/new', { token, body });
  return { status: res.status, json: (await res.json()) as Answer };
}
async function book(token: string) {
  const res = await server.call('GET', '/api/addresses', { token });
  return ((await res.json()) as { addresses: Address[] }).addresses;
}

describe('/api/addresses', () => {
  it('creates (the first is the default), moves the default, updates and deletes', async () => {
    const { token } = await server.createUser();
    expect(await book(token)).toEqual([]);
    const home = await add(token, address);
    expect(home.status).toBe(201);
    expect(home.json.address).toMatchObject({ city: 'London', isDefault: true, type: 'home' });
    const office = await add(token, {
      ...address,
      line1: '2 Work Road',
      type: 'office',
      isDefault: true,
    });
    expect(office.json.address.isDefault).toBe(true);
    let all = await book(token);
    expect(all.map((a) => [a.line1, a.isDefault])).toEqual([
      ['2 Work Road', true],
      ['1 Clip Street', false],
    ]);

    const upd = await server.call('POST', '/api/addresses/update', {
      token,
      body: { id: home.json.address.id, address: { ...address, city: 'Leeds', isDefault: true } },
    });
    expect(((await upd.json()) as Answer).address).toMatchObject({
      city: 'Leeds',
      isDefault: true,
    });
    all = await book(token);
    expect(all.filter((a) => a.isDefault).map((a) => a.city)).toEqual(['Leeds']);

    const del = await server.call('POST', '/api/addresses/delete', {
      token,
      body: { id: home.json.address.id },
    });
    expect(await del.json()).toEqual({ id: home.json.address.id, deleted: true });
    all = await book(token);
    expect(all.map((a) => [a.line1, a.isDefault])).toEqual([['2 Work Road', true]]);
  });

  it('names bad fields, and refuses a full book with 422', async () => {
    const { token, user } = await server.createUser();
    const bad = await add(token, {
      ...address,
      phone: 'call me',
      country: 'England',
      postcode: '',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? {}).sort()).toEqual(['country', 'phone', 'postcode']);
    await server.deps.database.db.execute(
      `insert into addresses (user_id, name, phone, line1, city, postcode, country)
       select '${user.id}', 'n', '1', 'l', 'c', 'p', 'GB' from generate_series(1, ${MAX_ADDRESSES})`,
    );
    const full = await add(token, address);
    expect(full.status).toBe(422);
    expect(full.json.fields).toHaveProperty('addresses');
  });

  it('adds at once from several tabs: one default, and the book never past full', async () => {
    const { token } = await server.createUser();
    const first = await Promise.all(
      Array.from({ length: 4 }, (_, i) => add(token, { ...address, line1: `${i} Race Road` })),
    );
    expect(first.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect((await book(token)).filter((a) => a.isDefault)).toHaveLength(1);
    const rest = await Promise.all(
      Array.from({ length: MAX_ADDRESSES }, (_, i) =>
        add(token, { ...address, line1: `${i} More` }),
      ),
    );
    expect(rest.filter((r) => r.status === 201)).toHaveLength(MAX_ADDRESSES - 4);
    expect(rest.filter((r) => r.status === 422)).toHaveLength(4);
    expect(await book(token)).toHaveLength(MAX_ADDRESSES);
  });

  it('keeps users apart: B cannot list, change or delete A’s addresses', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const { json } = await add(a.token, address);
    const id = json.address.id;
    expect(await book(b.token)).toEqual([]);
    const upd = await server.call('POST', '/api/addresses/update', {
      token: b.token,
      body: { id, address: { ...address, city: 'Hacked' } },
    });
    expect(upd.status).toBe(404);
    const del = await server.call('POST', '/api/addresses/delete', {
      token: b.token,
      body: { id },
    });
    expect(await del.json()).toEqual({ id, deleted: false });
    expect((await book(a.token))[0]!.city).toBe('London');
    expect((await server.call('GET', '/api/addresses')).status).toBe(401);
  });
});

describe('GET /api/e-commerce/overview', () => {
  it('shows a user their own orders and an admin the whole store', async () => {
    const admin = await server.createUser({ role: 'admin' });
    const product = await createProduct(server, admin.token, { price: 1000, stock: 10 });
    const a = await server.createUser();
    const b = await server.createUser();
    const empty = (await (
      await server.call('GET', '/api/e-commerce/overview', { token: a.token })
    ).json()) as ShopOverview;
    expect(empty).toMatchObject({ scope: 'mine', totals: { sales: 0, orders: 0 } });
    expect(empty.monthly).toHaveLength(12);

    await placeOrder(
      server,
      a.token,
      orderInput([{ id: product.id, quantity: 2 }], { delivery: 'free' }),
    );
    await placeOrder(
      server,
      b.token,
      orderInput([{ id: product.id, quantity: 1 }], { delivery: 'free' }),
    );
    const mine = (await (
      await server.call('GET', '/api/e-commerce/overview', { token: a.token })
    ).json()) as ShopOverview;
    expect(mine.totals).toEqual({ sales: 2000, orders: 1, itemsSold: 2, averageOrder: 2000 });
    expect(mine.monthly.at(-1)).toMatchObject({ sales: 2000, orders: 1 });
    expect(mine.bestSellers[0]).toMatchObject({
      product: { id: product.id },
      sold: 2,
      sales: 2000,
    });
    expect(mine.latestOrders).toHaveLength(1);

    const store = (await (
      await server.call('GET', '/api/e-commerce/overview', { token: admin.token })
    ).json()) as ShopOverview;
    expect(store.scope).toBe('store');
    expect(store.totals).toMatchObject({ sales: 3000, orders: 2, itemsSold: 3 });
    expect(store.latestOrders).toHaveLength(2);
    expect((await server.call('GET', '/api/e-commerce/overview')).status).toBe(401);
  });
});
