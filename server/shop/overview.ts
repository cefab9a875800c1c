// The e-commerce overview from the real orders: the whole store for admins, one's own orders
// for everyone else. Sums are in one currency (the one most orders use) so no two currencies
// are ever added; cancelled and refunded orders are not sales. Months are UTC calendar months,
// the last twelve including the current one, oldest first, zero when nothing was sold.
import { sql } from 'drizzle-orm';

import type { AuthUser } from '../context.ts';
import type { Currency, ProductCategory, ShopOverview } from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { orderNumber } from './order-placement.ts';

const BEST_SELLERS = 5;
const LATEST_ORDERS = 6;

export function lastTwelveMonths(now = new Date()): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

export async function shopOverview(db: Executor, user: AuthUser): Promise<ShopOverview> {
  const scope = user.role === 'admin' ? 'store' : 'mine';
  const mine = scope === 'mine' ? sql`and o.user_id = ${user.id}` : sql``;
  const [top] = await queryRows<{ currency: string }>(
    db,
    sql`select o.currency from orders o where true ${mine}
        group by o.currency order by count(*) desc, o.currency limit 1`,
  );
  const currency = (top?.currency ?? 'USD') as Currency;
  const where = sql`o.currency = ${currency} ${mine} and o.status not in ('cancelled', 'refunded')`;

  const [totals] = await queryRows<{ sales: string; orders: number; items: string }>(
    db,
    sql`select coalesce(sum(o.total), 0)::text as sales, count(*)::int as orders,
          coalesce(sum((select sum((l->>'quantity')::int) from jsonb_array_elements(o.lines) l)), 0)::text as items
        from orders o where ${where}`,
  );
  const months = lastTwelveMonths();
  const monthly = await queryRows<{ month: string; sales: string; orders: number }>(
    db,
    sql`select to_char(date_trunc('month', o.created_at at time zone 'UTC'), 'YYYY-MM') as month,
          sum(o.total)::text as sales, count(*)::int as orders
        from orders o
        where ${where} and o.created_at >= ${`${months[0]}-01T00:00:00Z`}::timestamptz
        group by 1`,
  );
  const best = await queryRows<{
    id: string;
    name: string;
    slug: string;
    images: string[];
    category: string;
    sold: string;
    sales: string;
  }>(
    db,
    sql`select p.id, p.name, p.slug, p.images, p.category, s.sold::text, s.sales::text
        from (select l->>'productId' as product_id, sum((l->>'quantity')::int) as sold,
                sum((l->>'lineTotal')::bigint) as sales
              from orders o, jsonb_array_elements(o.lines) l where ${where}
              group by 1) s
        join products p on p.id::text = s.product_id
        order by s.sold desc, s.sales desc, p.name
        limit ${BEST_SELLERS}`,
  );
  const latest = await queryRows<{
    id: string;
    number: number;
    status: string;
    total: number;
    created_at: string | Date;
  }>(
    db,
    sql`select o.id, o.number, o.status, o.total, o.created_at from orders o
        where true ${mine} order by o.created_at desc, o.number desc limit ${LATEST_ORDERS}`,
  );

  const byMonth = new Map(monthly.map((m) => [m.month, m]));
  const sales = Number(totals?.sales ?? 0);
  const count = totals?.orders ?? 0;
  return {
    scope,
    currency,
    totals: {
      sales,
      orders: count,
      itemsSold: Number(totals?.items ?? 0),
      averageOrder: count ? Math.round(sales / count) : 0,
    },
    monthly: months.map((month) => ({
      month,
      sales: Number(byMonth.get(month)?.sales ?? 0),
      orders: byMonth.get(month)?.orders ?? 0,
    })),
    bestSellers: best.map((b) => ({
      product: {
        id: b.id,
        name: b.name,
        slug: b.slug,
        images: b.images,
        category: b.category as ProductCategory,
      },
      sold: Number(b.sold),
      sales: Number(b.sales),
    })),
    latestOrders: latest.map((o) => ({
      id: o.id,
      number: orderNumber(o.number),
      status: o.status as ShopOverview['latestOrders'][number]['status'],
      total: o.total,
      createdAt: new Date(o.created_at).toISOString(),
    })),
  };
}
