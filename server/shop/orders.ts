// Reading one's own orders (placing one is ./order-placement.ts): the list, newest first, and
// one order by id; another user's order id is "not found".
import { and, desc, eq } from 'drizzle-orm';

import type { Order } from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { toOrder } from './order-placement.ts';

export async function listOrders(db: Executor, userId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  return rows.map(toOrder);
}

export async function ownOrder(db: Executor, userId: string, id: string): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw notFound('No such order.');
  return toOrder(row);
}
