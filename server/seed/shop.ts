// The demo shop: the channel's merchandise (shop-catalogue.ts) with pictures drawn at seed time
// (product-art.ts, stored like uploaded images), a few reviews by the demo users, past orders
// spread over the last months so the overview chart has data, and the demo discount codes
// WELCOME10 and CLIPDECK20. Idempotent: one advisory-locked transaction writes everything
// only when the catalogue is not there yet, so two processes seeding at once leave one copy.
import { eq, inArray, sql } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import { unitPrice, type OrderLine, type OrderStatus } from '../contracts/shop.ts';
import type { Database, Executor } from '../db/client.ts';
import { discountCodes, orders, productReviews, products } from '../db/schema/index.ts';
import { nextOrderNumber, orderTotals } from '../shop/order-placement.ts';
import { productPicture } from '../shop/product-art.ts';
import { storeDrawnProductImage } from '../shop/product-images.ts';
import { productValues } from '../shop/products.ts';
import type { DemoUsers } from './demo-users.ts';
import { DETAILS, SHOP_CATALOGUE } from './shop-catalogue.ts';

export const DEMO_DISCOUNT_CODES = [
  { code: 'WELCOME10', percent: 10 },
  { code: 'CLIPDECK20', percent: 20 },
] as const;

export async function seedDiscountCodes(db: Executor) {
  await db
    .insert(discountCodes)
    .values([...DEMO_DISCOUNT_CODES])
    .onConflictDoNothing();
}

const REVIEWS: [product: string, user: string, rating: number, text: string][] = [
  [
    'Clipdeck Logo Tee',
    'sam',
    5,
    'Wore it to every shoot this month. The print has not faded at all.',
  ],
  ['Clipdeck Logo Tee', 'lin', 4, 'Lovely cotton. Runs a little large, so take a size down.'],
  [
    'Clipdeck Logo Tee',
    'admin',
    5,
    'Our own, so maybe biased — but it really is the best tee we make.',
  ],
  ['Cutting Room Hoodie', 'demo', 5, 'Warm, soft and the pocket fits my phone and a lens cap.'],
  ['Cutting Room Hoodie', 'lin', 4, 'Great hoodie, the hood is nice and deep.'],
  ['Play Button Cap', 'sam', 4, 'Good fit and the buckle feels solid.'],
  ['Clipdeck Studio Mug', 'demo', 5, 'My morning coffee has never looked so on-brand.'],
  ['Clipdeck Studio Mug', 'sam', 3, 'Nice mug, but I wish it were a bit bigger.'],
  ['Play Mark Sticker Pack', 'lin', 5, 'They survived a rainy festival on my laptop.'],
  ['Sunrise Timelapse Print', 'demo', 5, 'Even better in person; the frame is beautiful.'],
  ['Behind the Scenes Poster', 'sam', 4, 'Fun poster, arrived well packed in a tube.'],
  ['Render Farm Hoodie', 'lin', 5, 'Heavy in the best way. Sold out for a reason.'],
];

/** Orders per demo user: [months ago, day of month, lines [product, quantity], delivery, code]. */
const ORDERS: [
  string,
  number,
  number,
  [string, number][],
  'free' | 'standard' | 'express',
  string | null,
][] = [
  [
    'demo',
    9,
    12,
    [
      ['Clipdeck Logo Tee', 2],
      ['Clipdeck Studio Mug', 1],
    ],
    'standard',
    null,
  ],
  ['demo', 7, 3, [['Cutting Room Hoodie', 1]], 'free', 'WELCOME10'],
  [
    'demo',
    5,
    21,
    [
      ['Play Mark Sticker Pack', 3],
      ['Play Button Cap', 1],
    ],
    'standard',
    null,
  ],
  ['demo', 4, 8, [['Sunrise Timelapse Print', 1]], 'express', null],
  [
    'demo',
    2,
    17,
    [
      ['Raw Footage Mug', 2],
      ['Lens Cloth Set', 1],
    ],
    'standard',
    'CLIPDECK20',
  ],
  [
    'demo',
    1,
    5,
    [
      ["Director's Cut Tee", 1],
      ['Creator Tote Bag', 1],
    ],
    'free',
    null,
  ],
  ['demo', 0, 1, [['Behind the Scenes Poster', 1]], 'standard', null],
  ['sam', 6, 14, [['Render Farm Hoodie', 2]], 'express', null],
  [
    'sam',
    3,
    9,
    [
      ['Clipdeck Logo Tee', 1],
      ['Play Button Cap', 2],
    ],
    'standard',
    null,
  ],
  ['lin', 8, 25, [['Mountain Drone Print', 1]], 'standard', null],
  ['lin', 1, 19, [['Clipdeck Studio Mug', 4]], 'free', 'WELCOME10'],
];

const STATUS_STEPS: OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered'];

function description(entry: (typeof SHOP_CATALOGUE)[number]) {
  const items = DETAILS[entry.category].map((d) => `<li>${d}</li>`).join('');
  return `<p>${entry.text}</p><ul>${items}</ul>`;
}

async function pictures(deps: AppDeps) {
  const urls = new Map<string, string[]>();
  for (const entry of SHOP_CATALOGUE) {
    const list: string[] = [];
    for (const colour of entry.colors.slice(0, 3)) {
      list.push(await storeDrawnProductImage(deps, productPicture(entry.category, colour)));
    }
    urls.set(entry.name, list);
  }
  return urls;
}

function billing(user: DemoUsers[string]) {
  return {
    name: `${user.firstName} ${user.lastName}`,
    phone: '+1 415 555 0134',
    line1: '500 Market Street',
    line2: 'Studio 4',
    city: 'San Francisco',
    region: 'CA',
    postcode: '94105',
    country: 'US',
    type: 'home' as const,
    isDefault: true,
  };
}

async function seedOrders(
  tx: Executor,
  people: DemoUsers,
  bySlugName: Map<string, typeof products.$inferSelect>,
) {
  const now = new Date();
  for (const [key, monthsAgo, day, wanted, delivery, code] of ORDERS) {
    const user = people[key];
    if (!user) continue;
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, 10, 30));
    const when = at > now ? new Date(now.getTime() - 3600_000) : at;
    const lines: OrderLine[] = wanted.map(([name, quantity]) => {
      const p = bySlugName.get(name)!;
      return {
        productId: p.id,
        name: p.name,
        slug: p.slug,
        coverUrl: p.images[0] ?? '',
        colors: p.colors.slice(0, 1),
        size: p.sizes[1] ?? p.sizes[0] ?? null,
        quantity,
        unitPrice: unitPrice(p),
        lineTotal: unitPrice(p) * quantity,
      };
    });
    const percent = DEMO_DISCOUNT_CODES.find((d) => d.code === code)?.percent ?? 0;
    const totals = orderTotals(lines, delivery, percent);
    const steps = STATUS_STEPS.slice(0, monthsAgo === 0 ? 2 : 4);
    await tx.insert(orders).values({
      number: await nextOrderNumber(tx),
      userId: user.id,
      idempotencyKey: `seed-${key}-${monthsAgo}-${day}`,
      requestHash: 'seed',
      status: steps.at(-1)!,
      lines,
      billing: billing(user),
      delivery,
      currency: 'USD',
      subtotal: totals.subtotal,
      discountCode: code,
      discount: totals.discount,
      shipping: totals.shipping,
      total: totals.total,
      paymentBrand: monthsAgo % 2 ? 'visa' : 'mastercard',
      paymentLast4: monthsAgo % 2 ? '4242' : '4444',
      history: steps.map((status, i) => ({
        status,
        at: new Date(when.getTime() + i * 86_400_000).toISOString(),
      })),
      createdAt: when,
    });
    for (const line of lines) {
      await tx
        .update(products)
        .set({ sold: sql`${products.sold} + ${line.quantity}` })
        .where(eq(products.id, line.productId));
    }
  }
}

export async function seedShop(deps: AppDeps, people: DemoUsers): Promise<void> {
  const db: Database = deps.database.db;
  await seedDiscountCodes(db);
  const first = SHOP_CATALOGUE[0]!;
  const exists = async (ex: Executor) =>
    (
      await ex
        .select({ id: products.id })
        .from(products)
        .where(eq(products.name, first.name))
        .limit(1)
    ).length > 0;
  if (await exists(db)) return;
  const images = await pictures(deps);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clipdeck:seed:shop'))`);
    if (await exists(tx)) return;
    const count = SHOP_CATALOGUE.length;
    const rows = await tx
      .insert(products)
      .values(
        SHOP_CATALOGUE.map((entry, i) => ({
          ...productValues({
            name: entry.name,
            description: description(entry),
            images: images.get(entry.name)!,
            price: entry.price,
            priceSale: entry.priceSale,
            currency: 'USD',
            colors: entry.colors,
            sizes: entry.sizes,
            category: entry.category,
            gender: entry.gender,
            tags: entry.tags,
            stock: entry.stock,
            published: entry.published,
          }),
          createdAt: new Date(Date.now() - (count - i) * 2.5 * 86_400_000),
        })),
      )
      .returning();
    const byName = new Map(rows.map((r) => [r.name, r]));
    const reviews = REVIEWS.filter(([, user]) => people[user]).map(
      ([name, user, rating, text], i) => ({
        productId: byName.get(name)!.id,
        userId: people[user]!.id,
        rating,
        text,
        createdAt: new Date(Date.now() - (REVIEWS.length - i) * 86_400_000),
        updatedAt: new Date(Date.now() - (REVIEWS.length - i) * 86_400_000),
      }),
    );
    if (reviews.length) await tx.insert(productReviews).values(reviews);
    const reviewed = [...new Set(reviews.map((r) => r.productId))];
    if (reviewed.length) {
      await tx
        .update(products)
        .set({
          ratingSum: sql`(select coalesce(sum(rating), 0) from product_reviews r where r.product_id = ${products.id})`,
          ratingCount: sql`(select count(*) from product_reviews r where r.product_id = ${products.id})`,
        })
        .where(inArray(products.id, reviewed));
    }
    await seedOrders(tx, people, byName);
  });
}
