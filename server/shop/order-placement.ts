// Placing an order: exactly one order per checkout attempt (the Idempotency-Key, a UUID), and
// never more sold than there is. Guarantees, case by case:
//   - a key not seen before: in ONE transaction the products are read and locked (`FOR UPDATE`,
//     in id order so two buyers never deadlock), every line is priced from the catalogue
//     (published products only, `unitPrice`; each product on one line, in colours and a size
//     it comes in), stock is checked and decremented with a guard (`stock >= q`), `sold` goes
//     up, the discount code is checked again (a refused one counts against the user's and the
//     address's tries, server/shop/discounts.ts), totals follow `cartTotals`, the order number is
//     taken from the counter row (no gaps: a rolled-back order gives its number back), the
//     user's cart is reset and the confirmation mail delivered;
//     any refusal (409 stock, 422 unavailable, off the menu, over MAX_ORDER_TOTAL or bad code)
//     rolls all of it back;
//   - the same key again with the same request: the stored order (`replayed`), nothing applied;
//   - the same key with a different request: 422, nothing applied;
//   - two requests with one key at once: a transaction-scoped advisory lock on (user, key) makes
//     the second wait for the first and then find its order; the unique (user_id,
//     idempotency_key) index is the backstop.
// The request hash leaves out the card number and CVC: nothing derived from them is stored.
import crypto from 'node:crypto';

import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';

import type { AppDeps, AuthUser } from '../context.ts';
import {
  cardBrand,
  cartTotals,
  emptyCart,
  MAX_ORDER_TOTAL,
  unitPrice,
  type Currency,
  type DeliveryId,
  type Order,
  type OrderInput,
  type OrderLine,
} from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { orders, products, shopCounters } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, conflict } from '../lib/errors.ts';
import { lockCart, saveCart } from './cart-store.ts';
import {
  assertMayTryCode,
  recordRefusedCode,
  RefusedCode,
  validDiscount,
  type CodeTrier,
} from './discounts.ts';
import { deliverOrderConfirmation } from './order-mail.ts';

type OrderRow = typeof orders.$inferSelect;

export const orderNumber = (n: number) => `CD-${String(n).padStart(6, '0')}`;

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    number: orderNumber(row.number),
    userId: row.userId,
    status: row.status,
    lines: row.lines,
    billing: row.billing,
    delivery: row.delivery,
    currency: row.currency as Currency,
    subtotal: row.subtotal,
    discountCode: row.discountCode,
    discount: row.discount,
    shipping: row.shipping,
    total: row.total,
    payment: { brand: row.paymentBrand, last4: row.paymentLast4 },
    history: row.history,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The request's identity for the key: everything but the card number and CVC. */
export function orderRequestHash(input: OrderInput): string {
  const digits = input.payment.number.replace(/[\s-]/g, '');
  const { number: _number, cvc: _cvc, ...card } = input.payment;
  const canonical = JSON.stringify({
    ...input,
    payment: { ...card, brand: cardBrand(digits), last4: digits.slice(-4) },
  });
  return crypto.createHash('sha256').update(canonical).digest('hex');
}

async function findByKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

function replayOf(row: OrderRow, hash: string) {
  if (row.requestHash !== hash) {
    throw new ApiError(
      422,
      'This Idempotency-Key was already used for a different order; use a new key for a new checkout.',
      { 'Idempotency-Key': 'Already used for a different order.' },
    );
  }
  return { order: toOrder(row), replayed: true };
}

const emptyLine = {
  id: '',
  name: '',
  slug: '',
  coverUrl: '',
  currency: 'USD' as const,
  colors: [],
  size: null,
  available: 0,
};

/** The totals of priced lines by the cart's rules (`cartTotals`), so page and order agree. */
export function orderTotals(
  lines: Pick<OrderLine, 'unitPrice' | 'quantity'>[],
  delivery: DeliveryId,
  discountPercent: number,
) {
  return cartTotals({
    items: lines.map((l) => ({ ...emptyLine, price: l.unitPrice, quantity: l.quantity })),
    delivery,
    discountPercent,
  });
}

async function priceLines(tx: Executor, input: OrderInput) {
  const wanted = new Map<string, number>();
  for (const line of input.lines) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
  const ids = [...wanted.keys()].sort();
  const rows = await tx
    .select()
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const gone = ids.filter((id) => !byId.get(id)?.published);
  if (gone.length) {
    const names = gone.map((id) => byId.get(id)?.name).filter(Boolean);
    throw new ApiError(422, 'Some products in your cart are no longer sold.', {
      lines: names.length
        ? `No longer sold: ${names.join(', ')}. Remove ${names.length > 1 ? 'them' : 'it'} from your cart.`
        : 'A product in your cart is no longer sold; remove it.',
    });
  }
  const short = ids.filter((id) => byId.get(id)!.stock < wanted.get(id)!);
  if (short.length) {
    const what = short.map((id) => {
      const p = byId.get(id)!;
      return p.stock === 0 ? `${p.name} is sold out` : `only ${p.stock} of ${p.name} left`;
    });
    throw conflict(`Not enough stock: ${what.join('; ')}.`, {
      lines: `Not enough stock: ${what.join('; ')}.`,
    });
  }
  const offMenu = input.lines.filter((line) => {
    const p = byId.get(line.id)!;
    const colourGone = line.colors.some((colour) => !p.colors.includes(colour));
    return colourGone || (line.size !== null && !p.sizes.includes(line.size));
  });
  if (offMenu.length) {
    const names = offMenu.map((line) => byId.get(line.id)!.name).join(', ');
    throw new ApiError(422, 'Some products do not come in the colour or size chosen.', {
      lines: `${names}: this colour or size is no longer offered. Remove it from your cart and add it again.`,
    });
  }
  const currencies = new Set(rows.map((r) => r.currency));
  if (currencies.size > 1) {
    throw new ApiError(422, 'An order is paid in one currency.', {
      lines: 'These products are priced in different currencies; order them separately.',
    });
  }
  const lines: OrderLine[] = input.lines.map((line) => {
    const p = byId.get(line.id)!;
    const price = unitPrice(p);
    return {
      productId: p.id,
      name: p.name,
      slug: p.slug,
      coverUrl: p.images[0] ?? '',
      colors: line.colors,
      size: line.size,
      quantity: line.quantity,
      unitPrice: price,
      lineTotal: price * line.quantity,
    };
  });
  return { lines, wanted, currency: (rows[0]?.currency ?? 'USD') as Currency };
}

async function takeStock(tx: Executor, wanted: Map<string, number>) {
  for (const [id, quantity] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
    const taken = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${quantity}`,
        sold: sql`${products.sold} + ${quantity}`,
      })
      .where(and(eq(products.id, id), gte(products.stock, quantity)))
      .returning({ id: products.id });
    if (!taken.length) throw conflict('Not enough stock.', { lines: 'A product sold out.' });
  }
}

export async function nextOrderNumber(tx: Executor) {
  const [row] = await tx
    .insert(shopCounters)
    .values({ name: 'order', value: 1 })
    .onConflictDoUpdate({
      target: shopCounters.name,
      set: { value: sql`${shopCounters.value} + 1` },
    })
    .returning({ value: shopCounters.value });
  return row!.value;
}

async function place(
  deps: AppDeps,
  tx: Executor,
  user: AuthUser,
  trier: CodeTrier,
  key: string,
  input: OrderInput,
  hash: string,
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`order:${user.id}:${key}`}, 0))`,
  );
  const existing = await findByKey(tx, user.id, key);
  if (existing) return replayOf(existing, hash);

  const { lines, wanted, currency } = await priceLines(tx, input);
  if (input.discountCode) await assertMayTryCode(tx, trier);
  const discount = input.discountCode ? await validDiscount(tx, input.discountCode) : null;
  if (input.discountCode && !discount) {
    throw new RefusedCode(422, 'The discount code is no longer valid.', {
      discountCode: 'This code does not exist or has expired; remove it and try again.',
    });
  }
  const totals = orderTotals(lines, input.delivery, discount?.percent ?? 0);
  if (totals.subtotal + totals.shipping > MAX_ORDER_TOTAL) {
    throw new ApiError(422, 'This order is too large to be placed at once.', {
      lines: `An order comes to ${(MAX_ORDER_TOTAL / 100).toLocaleString('en-US')} at most; split it into several.`,
    });
  }
  await takeStock(tx, wanted);
  const digits = input.payment.number.replace(/[\s-]/g, '');
  const now = new Date();
  const [row] = await tx
    .insert(orders)
    .values({
      number: await nextOrderNumber(tx),
      userId: user.id,
      idempotencyKey: key,
      requestHash: hash,
      status: 'paid',
      lines,
      billing: input.billing,
      delivery: input.delivery,
      currency,
      subtotal: totals.subtotal,
      discountCode: discount?.code ?? null,
      discount: totals.discount,
      shipping: totals.shipping,
      total: totals.total,
      paymentBrand: cardBrand(digits),
      paymentLast4: digits.slice(-4),
      history: [{ status: 'paid', at: now.toISOString() }],
      createdAt: now,
    })
    .returning();
  await lockCart(tx, user.id);
  await saveCart(tx, user.id, { ...emptyCart(), updatedAt: now.toISOString() });
  const order = toOrder(row!);
  if (!(await deliverOrderConfirmation(deps, tx, order)))
    deps.log.warn('order confirmation not delivered: no shop sender', { orderId: order.id });
  return { order, replayed: false };
}

export async function placeOrder(
  deps: AppDeps,
  user: AuthUser,
  clientAddress: string,
  key: string,
  input: OrderInput,
): Promise<{ order: Order; replayed: boolean }> {
  const hash = orderRequestHash(input);
  const { db } = deps.database;
  const trier: CodeTrier = { userId: user.id, address: clientAddress };
  try {
    return await db.transaction((tx) => place(deps, tx, user, trier, key, input, hash));
  } catch (error) {
    // counted after the rollback, which would undo a count made inside the transaction
    if (error instanceof RefusedCode) await recordRefusedCode(db, trier);
    if (!isUniqueViolation(error)) throw error;
    const existing = await findByKey(db, user.id, key);
    if (!existing) throw error;
    return replayOf(existing, hash);
  }
}
