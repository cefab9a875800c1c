// Shop input the database cannot take is refused as bad input naming the field, never a 500:
// text with U+0000 (PostgreSQL text and jsonb refuse it) and price filters past the integer
// column (they are clamped: a bound above every price is no bound).
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Product, ProductList } from '../contracts/shop.ts';
import {
  address,
  createProduct,
  orderInput,
  placeOrder,
  productInput,
} from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: string;
let buyer: string;
let tee: Product;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.createUser({ role: 'admin' })).token;
  buyer = (await server.createUser()).token;
  tee = await createProduct(server, admin, { price: 100_000_000, stock: 5 });
});
afterAll(() => server.close());

const nul = 'a\u0000b';
const fieldsOf = async (res: Response) =>
  Object.keys(((await res.json()) as { fields?: Record<string, string> }).fields ?? {});

async function expectRefused(res: Response, field: string) {
  expect(res.status, field).toBe(400);
  expect(await fieldsOf(res), field).toContain(field);
}

describe('the product list', () => {
  it('clamps price filters past any price instead of failing', async () => {
    const above = await server.call('GET', '/api/products?priceMin=99999999999');
    expect(above.status).toBe(200);
    expect(((await above.json()) as ProductList).products).toEqual([]);
    const under = await server.call('GET', `/api/products?priceMax=${Number.MAX_SAFE_INTEGER}`);
    expect(under.status).toBe(200);
    expect(((await under.json()) as ProductList).products.map((p) => p.id)).toContain(tee.id);
  });

  it('refuses U+0000 in the search', async () => {
    await expectRefused(await server.call('GET', '/api/products?q=tee%00'), 'query.q');
  });
});

describe('U+0000 in shop input', () => {
  it('is refused in a product an admin writes', async () => {
    const cases: [Parameters<typeof productInput>[0], string][] = [
      [{ name: nul }, 'name'],
      [{ description: `<p>${nul}</p>` }, 'description'],
      [{ tags: [nul] }, 'tags.0'],
      [{ sizes: [nul] }, 'sizes.0'],
    ];
    for (const [overrides, field] of cases) {
      const res = await server.call('POST', '/api/products/new', {
        token: admin,
        body: productInput(overrides),
      });
      await expectRefused(res, field);
    }
  });

  it('is refused in a review, an address, the cart and an order', async () => {
    await expectRefused(
      await server.call('POST', `/api/products/reviews?name=${tee.slug}`, {
        token: buyer,
        body: { rating: 5, text: nul },
      }),
      'text',
    );
    for (const field of ['name', 'line1', 'line2', 'city', 'region', 'postcode'] as const) {
      await expectRefused(
        await server.call('POST', '/api/addresses/new', {
          token: buyer,
          body: { ...address, [field]: nul },
        }),
        field,
      );
    }
    await expectRefused(
      await server.call('POST', '/api/cart/billing', {
        token: buyer,
        body: { address: { ...address, id: nul } },
      }),
      'address.id',
    );
    await expectRefused(
      await server.call('POST', '/api/cart/discount', { token: buyer, body: { code: nul } }),
      'code',
    );
    await expectRefused(
      await placeOrder(
        server,
        buyer,
        orderInput([{ id: tee.id, quantity: 1 }], { billing: { ...address, city: nul } }),
      ),
      'billing.city',
    );
    await expectRefused(
      await placeOrder(
        server,
        buyer,
        orderInput([{ id: tee.id, quantity: 1 }], { discountCode: nul }),
      ),
      'discountCode',
    );
    const key = crypto.randomUUID();
    const sizes = orderInput([{ id: tee.id, quantity: 1 }]);
    sizes.lines[0]!.size = nul;
    await expectRefused(await placeOrder(server, buyer, sizes, key), 'lines.0.size');
  });
});
