// The demo shop seeds once (a second run writes nothing), with published products, drafts,
// sold-out and low-stock products, generated PNG pictures served by the image route, reviews
// reflected in the rating summary, past orders for the overview, and the demo codes.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Product, ShopOverview } from '../contracts/shop.ts';
import { discountCodes, orders, productReviews, products } from '../db/schema/index.ts';
import { sniffImage } from '../shop/product-images.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { ensureDemoUsers } from './demo-users.ts';
import { SHOP_CATALOGUE } from './shop-catalogue.ts';
import { seedShop } from './shop.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('seedShop', () => {
  it('seeds the catalogue, reviews, orders and codes once', async () => {
    const db = server.deps.database.db;
    const people = await ensureDemoUsers(db);
    const started = performance.now();
    await seedShop(server.deps, people);
    console.log(`seedShop: ${Math.round(performance.now() - started)} ms`);
    await seedShop(server.deps, people);

    const [n] = await db.select({ n: count() }).from(products);
    expect(n!.n).toBe(SHOP_CATALOGUE.length);
    expect(SHOP_CATALOGUE.length).toBeGreaterThanOrEqual(36);
    const [o] = await db.select({ n: count() }).from(orders);
    expect(o!.n).toBe(11);
    const [r] = await db.select({ n: count() }).from(productReviews);
    expect(r!.n).toBeGreaterThan(5);
    expect((await db.select().from(discountCodes)).map((d) => d.code).sort()).toEqual([
      'CLIPDECK20',
      'WELCOME10',
    ]);

    const res = await server.call('GET', '/api/products');
    const list = ((await res.json()) as { products: Product[] }).products;
    expect(list.length).toBe(SHOP_CATALOGUE.filter((e) => e.published).length);
    expect(list.some((p) => p.stock === 0)).toBe(true);
    expect(list.some((p) => p.stock > 0 && p.stock <= 10)).toBe(true);
    expect(list.some((p) => p.priceSale !== null)).toBe(true);
    const tee = list.find((p) => p.slug === 'clipdeck-logo-tee')!;
    expect(tee.ratingCount).toBe(3);
    expect(tee.ratingAverage).toBe(4.7);
    expect(tee.images).toHaveLength(3);

    const image = await server.call('GET', tee.images[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(sniffImage(new Uint8Array(await image.arrayBuffer()))).toBe('png');

    const { token } = await (async () => {
      const demo = people.demo!;
      return { token: await server.deps.tokens.sign({ id: demo.id, role: demo.role }) };
    })();
    const overview = (await (
      await server.call('GET', '/api/e-commerce/overview', { token })
    ).json()) as ShopOverview;
    expect(overview.scope).toBe('mine');
    expect(overview.totals.orders).toBe(7);
    expect(overview.monthly.filter((m) => m.orders > 0).length).toBeGreaterThanOrEqual(6);
    const demoOrders = await db.select().from(orders).where(eq(orders.userId, people.demo!.id));
    expect(overview.totals.sales).toBe(demoOrders.reduce((s, x) => s + x.total, 0));
  });
});
