// Placing orders: priced by the server, stock taken in the same transaction, exactly one order
// per Idempotency-Key (repeats, concurrent repeats, a reused key with another body), the last
// item sold once when two buyers race, the cart cleared, only brand and last four stored, the
// confirmation in the buyer's Clipdeck mailbox, and nobody else's orders visible.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Mail } from '../contracts/mail.ts';
import { CART_CHANGE_PATHS, type Cart, type Order, type Product } from '../contracts/shop.ts';
import { orders, products } from '../db/schema/index.ts';
import { seedDiscountCodes } from '../seed/shop.ts';
import { createProduct, orderInput, placeOrder } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: string;
let tee: Product;
let mug: Product;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.createUser({ role: 'admin' })).token;
  tee = await createProduct(server, admin, { price: 2500, priceSale: 2000, stock: 100 });
  mug = await createProduct(server, admin, { category: 'mugs', price: 1250, stock: 100 });
  await seedDiscountCodes(server.deps.database.db);
});
afterAll(() => server.close());

type Answer = { order: Order; error?: string; fields?: Record<string, string> };
const json = async (res: Response) => (await res.json()) as Answer;

async function stockOf(id: string) {
  const [row] = await server.deps.database.db
    .select({ stock: products.stock, sold: products.sold })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

describe('POST /api/orders', () => {
  it('prices from the catalogue, applies the code, takes stock, clears the cart, keeps brand and last4', async () => {
    const { token } = await server.createUser();
    await server.call('POST', CART_CHANGE_PATHS.add, {
      token,
      body: {
        item: {
          id: mug.id,
          name: 'x',
          slug: 'x',
          coverUrl: '',
          price: 1,
          currency: 'USD',
          colors: [],
          size: null,
          available: 9,
        },
      },
    });
    const before = await stockOf(tee.id);
    const res = await placeOrder(
      server,
      token,
      orderInput(
        [
          { id: tee.id, quantity: 2 },
          { id: mug.id, quantity: 1 },
        ],
        { discountCode: 'clipdeck20', delivery: 'express' },
      ),
    );
    expect(res.status).toBe(201);
    const { order } = await json(res);
    expect(order.number).toMatch(/^CD-\d{6}$/);
    expect(order.status).toBe('paid');
    expect(order.history.map((h) => h.status)).toEqual(['paid']);
    expect(order.lines.map((l) => [l.unitPrice, l.quantity, l.lineTotal])).toEqual([
      [2000, 2, 4000],
      [1250, 1, 1250],
    ]);
    // 5250 − 20% (1050) + express 1500
    expect(order).toMatchObject({
      subtotal: 5250,
      discountCode: 'CLIPDECK20',
      discount: 1050,
      shipping: 1500,
      total: 5700,
      payment: { brand: 'visa', last4: '4242' },
    });
    expect(await stockOf(tee.id)).toEqual({ stock: before.stock - 2, sold: before.sold + 2 });
    const cart = (await (await server.call('GET', '/api/cart', { token })).json()) as {
      cart: Cart;
    };
    expect(cart.cart.items).toEqual([]);

    const [row] = await server.deps.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, order.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242 4242 4242 4242');
    expect(stored).not.toMatch(/"cvc"|123"/);
  });

  it('delivers the confirmation into the buyer’s Clipdeck mailbox, not by SMTP', async () => {
    const { token } = await server.createUser({ firstName: 'Olga' });
    const sentBefore = server.mailer.sent.length;
    const { order } = await json(
      await placeOrder(server, token, orderInput([{ id: mug.id, quantity: 3 }])),
    );
    const inbox = (await (
      await server.call('GET', '/api/mail/mails?labelId=inbox', { token })
    ).json()) as {
      mails: Mail[];
    };
    expect(inbox.mails).toHaveLength(1);
    const mail = inbox.mails[0]!;
    expect(mail.subject).toBe(`Your Clipdeck order ${order.number}`);
    expect(mail.from.name).toBe('Clipdeck Shop');
    expect(mail.message).toContain('Hi Olga');
    expect(mail.message).toContain(`3 × ${mug.name}`);
    expect(mail.message).toContain('$37.50'); // the line total
    expect(mail.message).toContain(`/dashboard/e-commerce?order=${order.id}`);
    expect(server.mailer.sent.length).toBe(sentBefore);
    // the shop's sender cannot be written to
    const reply = await server.call('POST', '/api/mail/send', {
      token,
      body: { to: [mail.from.email], subject: 'Re', body: '<p>hi</p>' },
    });
    expect(reply.status).toBe(400);
  });

  it('requires a UUID Idempotency-Key, naming the header, and validates the body', async () => {
    const { token } = await server.createUser();
    const body = orderInput([{ id: mug.id, quantity: 1 }]);
    for (const headers of [{}, { 'Idempotency-Key': 'abc:1' }] as Record<string, string>[]) {
      const res = await server.call('POST', '/api/orders', { token, body, headers });
      expect(res.status).toBe(400);
      expect((await json(res)).fields).toHaveProperty('Idempotency-Key');
    }
    const bad = await placeOrder(server, token, {
      ...body,
      lines: [],
      payment: { holder: 'X', number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields ?? {})).toEqual(
      expect.arrayContaining(['lines', 'payment.number', 'payment.expiry', 'payment.cvc']),
    );
    expect(
      (
        await server.call('POST', '/api/orders', {
          body,
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
      ).status,
    ).toBe(401);
  });

  it('makes one order for a key however often it is sent, and refuses the key with another body', async () => {
    const { token, user } = await server.createUser();
    const key = crypto.randomUUID();
    const body = orderInput([{ id: tee.id, quantity: 1 }]);
    const before = await stockOf(tee.id);
    const first = await placeOrder(server, token, body, key);
    expect(first.status).toBe(201);
    const { order } = await json(first);
    for (let i = 0; i < 5; i += 1) {
      const again = await placeOrder(server, token, body, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await json(again)).order).toEqual(order);
    }
    const other = await placeOrder(server, token, orderInput([{ id: tee.id, quantity: 2 }]), key);
    expect(other.status).toBe(422);
    expect((await json(other)).fields).toHaveProperty('Idempotency-Key');
    const mine = await server.deps.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id));
    expect(mine).toHaveLength(1);
    expect((await stockOf(tee.id)).stock).toBe(before.stock - 1);
    // the same key is another user's own key: it makes their own order
    const someoneElse = await server.createUser();
    expect((await placeOrder(server, someoneElse.token, body, key)).status).toBe(201);
  });

  it('makes exactly one order when the same request races itself', async () => {
    const { token, user } = await server.createUser();
    const key = crypto.randomUUID();
    const body = orderInput([{ id: mug.id, quantity: 2 }]);
    const before = await stockOf(mug.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => placeOrder(server, token, body, key)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => (await json(a)).order.id)));
    expect(ids.size).toBe(1);
    const mine = await server.deps.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id));
    expect(mine).toHaveLength(1);
    expect((await stockOf(mug.id)).stock).toBe(before.stock - 2);
  });

  it('sells the last item once when two buyers race for it; the other gets 409 naming lines', async () => {
    const last = await createProduct(server, admin, {
      name: 'Last Poster',
      category: 'posters',
      stock: 1,
    });
    const [a, b] = [await server.createUser(), await server.createUser()];
    const body = orderInput([{ id: last.id, quantity: 1 }]);
    const answers = await Promise.all([
      placeOrder(server, a.token, body),
      placeOrder(server, b.token, body),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = await json(answers.find((r) => r.status === 409)!);
    expect(loser.fields?.lines).toMatch(/Last Poster is sold out/);
    expect(await stockOf(last.id)).toEqual({ stock: 0, sold: 1 });
    const all = await server.deps.database.db.select().from(orders);
    expect(all.filter((o) => o.lines.some((l) => l.productId === last.id))).toHaveLength(1);
  });

  it('refuses more than the stock, an unpublished product and an expired code, changing nothing', async () => {
    const { token, user } = await server.createUser();
    const few = await createProduct(server, admin, {
      name: 'Few Caps',
      category: 'caps',
      stock: 2,
    });
    const draft = await createProduct(server, admin, { name: 'Hidden Mug', published: false });
    const over = await placeOrder(server, token, orderInput([{ id: few.id, quantity: 3 }]));
    expect(over.status).toBe(409);
    expect((await json(over)).fields?.lines).toMatch(/only 2 of Few Caps left/);
    const hidden = await placeOrder(server, token, orderInput([{ id: draft.id, quantity: 1 }]));
    expect(hidden.status).toBe(422);
    expect((await json(hidden)).fields?.lines).toMatch(/Hidden Mug/);
    const code = await placeOrder(
      server,
      token,
      orderInput([{ id: few.id, quantity: 1 }], { discountCode: 'NOPE' }),
    );
    expect(code.status).toBe(422);
    expect((await json(code)).fields).toHaveProperty('discountCode');
    expect((await stockOf(few.id)).stock).toBe(2);
    expect(
      await server.deps.database.db.select().from(orders).where(eq(orders.userId, user.id)),
    ).toEqual([]);
  });

  it('numbers orders without gaps and increasing', async () => {
    const { token } = await server.createUser();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        placeOrder(server, token, orderInput([{ id: mug.id, quantity: 1 }])),
      ),
    );
    const numbers = (await Promise.all(answers.map(async (a) => (await json(a)).order.number)))
      .map((n) => Number(n.slice(3)))
      .sort((x, y) => x - y);
    expect(numbers[3]! - numbers[0]!).toBe(3);
    const all = (await server.deps.database.db.select({ n: orders.number }).from(orders))
      .map((o) => o.n)
      .sort((x, y) => x - y);
    expect(all).toEqual(all.map((_, i) => i + 1));
  });
});

describe('reading orders', () => {
  it('lists one’s own orders newest first; another user’s order is 404', async () => {
    const a = await server.createUser();
    const b = await server.createUser();
    const first = (
      await json(await placeOrder(server, a.token, orderInput([{ id: mug.id, quantity: 1 }])))
    ).order;
    const second = (
      await json(await placeOrder(server, a.token, orderInput([{ id: tee.id, quantity: 1 }])))
    ).order;
    const listed = (await (await server.call('GET', '/api/orders', { token: a.token })).json()) as {
      orders: Order[];
    };
    expect(listed.orders.map((o) => o.id)).toEqual([second.id, first.id]);
    const one = await server.call('GET', `/api/orders/order?id=${first.id}`, { token: a.token });
    expect((await json(one)).order.id).toBe(first.id);

    const theirs = (await (await server.call('GET', '/api/orders', { token: b.token })).json()) as {
      orders: Order[];
    };
    expect(theirs.orders).toEqual([]);
    expect(
      (await server.call('GET', `/api/orders/order?id=${first.id}`, { token: b.token })).status,
    ).toBe(404);
    expect((await server.call('GET', '/api/orders/order?id=nope', { token: b.token })).status).toBe(
      400,
    );
    expect((await server.call('GET', '/api/orders')).status).toBe(401);
  });
});

describe('discount codes at checkout', () => {
  it('counts a refused code like the cart does: after 10, even a right one is a 429 and nothing is sold', async () => {
    const { token } = await server.createUser();
    for (let i = 0; i < 10; i += 1) {
      const refused = await placeOrder(
        server,
        token,
        orderInput([{ id: mug.id, quantity: 1 }], { discountCode: `GUESS${i}` }),
      );
      expect(refused.status).toBe(422);
    }
    const before = await stockOf(mug.id);
    const held = await placeOrder(
      server,
      token,
      orderInput([{ id: mug.id, quantity: 1 }], { discountCode: 'CLIPDECK20' }),
    );
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await stockOf(mug.id)).toEqual(before);
    const cart = await server.call('POST', '/api/cart/discount', { token, body: { code: 'WELCOME10' } });
    expect(cart.status).toBe(429);
    // without a code the order goes through
    const plain = await placeOrder(server, token, orderInput([{ id: mug.id, quantity: 1 }]));
    expect(plain.status).toBe(201);
  });
});
