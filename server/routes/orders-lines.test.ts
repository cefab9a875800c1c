// What an order's lines may ask for: each product once (so MAX_LINE_QUANTITY holds per
// product), only the colours and sizes the product comes in, and a total the order columns
// can hold. Each refusal is a 4xx naming `lines` and leaves the stock untouched.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order, Product } from '../contracts/shop.ts';
import { products } from '../db/schema/index.ts';
import { createProduct, orderInput, placeOrder } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: string;
let buyer: string;
let tee: Product;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.createUser({ role: 'admin' })).token;
  buyer = (await server.createUser()).token;
  tee = await createProduct(server, admin, {
    price: 2500,
    stock: 1000,
    colors: ['#000000', '#FFFFFF'],
    sizes: ['M', 'L'],
  });
});
afterAll(() => server.close());

type Answer = { order?: Order; error?: string; fields?: Record<string, string> };
const json = async (res: Response) => (await res.json()) as Answer;

async function stockOf(id: string) {
  const [row] = await server.deps.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

describe('order lines', () => {
  it('takes each product once: repeating it cannot pass the per-product limit', async () => {
    const before = await stockOf(tee.id);
    const body = orderInput(Array.from({ length: 3 }, () => ({ id: tee.id, quantity: 99 })));
    const res = await placeOrder(server, buyer, body);
    expect(res.status).toBe(400);
    expect((await json(res)).fields?.lines).toBe(
      'Each product comes once; change its quantity instead.',
    );
    expect(await stockOf(tee.id)).toBe(before);
  });

  it('refuses a colour or a size the product does not come in, naming the product', async () => {
    const before = await stockOf(tee.id);
    for (const line of [
      { id: tee.id, quantity: 1, colors: ['#123456'], size: 'M' },
      { id: tee.id, quantity: 1, colors: ['#000000'], size: 'XXL' },
    ]) {
      const res = await placeOrder(server, buyer, { ...orderInput([]), lines: [line] });
      expect(res.status).toBe(422);
      const answer = await json(res);
      expect(answer.fields?.lines).toContain(tee.name);
    }
    expect(await stockOf(tee.id)).toBe(before);
    const fine = await placeOrder(server, buyer, {
      ...orderInput([]),
      lines: [{ id: tee.id, quantity: 1, colors: ['#ffffff', '#000000'], size: 'L' }],
    });
    expect(fine.status).toBe(201);
    expect((await json(fine)).order?.lines[0]).toMatchObject({
      colors: ['#FFFFFF', '#000000'],
      size: 'L',
    });
  });

  it('refuses a total the order cannot hold with 422, not a 500', async () => {
    const dear = await createProduct(server, admin, { price: 100_000_000, stock: 100 });
    const res = await placeOrder(server, buyer, orderInput([{ id: dear.id, quantity: 30 }]));
    expect(res.status).toBe(422);
    expect((await json(res)).fields?.lines).toBe(
      'An order comes to 10,000,000 at most; split it into several.',
    );
    expect(await stockOf(dear.id)).toBe(100);
  });
});
