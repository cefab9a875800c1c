// The shop: a shared catalogue of products with their reviews, and per user a cart, an address
// book and orders. Money is integer cents. `price_paid` is what a buyer pays now (the sale price
// when set), generated so the price filter and sorts use one indexed column. The rating summary
// is kept on the product (sum and count of its reviews), updated in the review's transaction.
// An order is a snapshot (lines, addresses, totals as charged), so deleting or repricing a
// product never changes it; `number` comes from the `shop_counters` row taken in the order's
// transaction, so numbers are unique, increasing and without gaps. (user_id, idempotency_key)
// is unique: one order per checkout attempt whatever the retries.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type {
  AddressInput,
  Cart,
  DeliveryId,
  OrderLine,
  OrderStatus,
} from '../../contracts/shop.ts';
import { users } from './users.ts';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** sanitised HTML */
    description: text('description').notNull().default(''),
    /** lowercased name, category, tags and description text, for `q` */
    searchText: text('search_text').notNull().default(''),
    images: text('images').array().notNull().default([]),
    price: integer('price').notNull(),
    priceSale: integer('price_sale'),
    pricePaid: integer('price_paid').generatedAlwaysAs(sql`coalesce(price_sale, price)`),
    currency: text('currency').notNull().default('USD'),
    colors: text('colors').array().notNull().default([]),
    sizes: text('sizes').array().notNull().default([]),
    category: text('category').notNull(),
    gender: text('gender').notNull(),
    tags: text('tags').array().notNull().default([]),
    stock: integer('stock').notNull().default(0),
    published: boolean('published').notNull().default(false),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_published_created_idx').on(t.published, t.createdAt),
    index('products_published_price_idx').on(t.published, t.pricePaid),
    index('products_published_sold_idx').on(t.published, t.sold),
    index('products_category_idx').on(t.category),
    index('products_colors_idx').using('gin', t.colors),
    // which products show an image (server/shop/product-images.ts serves only those)
    index('products_images_idx').using('gin', t.images),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.price} >= 0`),
  ],
);

export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_user_unique').on(t.productId, t.userId),
    index('product_reviews_product_updated_idx').on(t.productId, t.updatedAt),
  ],
);

/** One cart per user: the `Cart` of the contract, changed only through `applyCartChange`. */
export const carts = pgTable('carts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cart: jsonb('cart').$type<Cart>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    region: text('region').notNull().default(''),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    type: text('type', { enum: ['home', 'office'] })
      .notNull()
      .default('home'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    /** upper case */
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('discount_codes_percent', sql`${t.percent} between 1 and 100`)],
);

/** Named counters taken inside a transaction (`order` numbers orders). */
export const shopCounters = pgTable('shop_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** hash of the request without the card number and CVC */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    billing: jsonb('billing').$type<AddressInput>().notNull(),
    delivery: text('delivery').$type<DeliveryId>().notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discountCode: text('discount_code'),
    discount: integer('discount').notNull(),
    shipping: integer('shipping').notNull(),
    total: integer('total').notNull(),
    paymentBrand: text('payment_brand').notNull(),
    paymentLast4: text('payment_last4').notNull(),
    history: jsonb('history').$type<{ status: OrderStatus; at: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);
