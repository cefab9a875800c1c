// /api/products: the shared catalogue (spec point 7: GET /api/products and
// /api/products/product?name=). Anyone may read published products, their reviews and images;
// admins may include drafts (`all=1`) and run the catalogue (products-admin.ts). Reviews: one
// per user per product (a second replaces the first); the product's rating summary is updated
// in the same transaction, with the product row locked so concurrent reviews cannot lose one.
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  productQuerySchema,
  productSlugSchema,
  reviewInputSchema,
  type Review,
} from '../contracts/shop.ts';
import type { Executor } from '../db/client.ts';
import { productReviews, products, users } from '../db/schema/index.ts';
import { notFound, parseJson, validate } from '../lib/errors.ts';
import { productImageResponse } from '../shop/product-images.ts';
import { findProductBySlug, listProductsJson, toProduct } from '../shop/products.ts';
import { productAdminRoutes } from './products-admin.ts';

const LIST_KEYS = new Set(['category', 'color', 'gender']);

/** The query string as the schema expects it: list keys repeated or comma-separated. */
export function productQueryInput(queries: Record<string, string[]>) {
  const input: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(queries)) {
    if (LIST_KEYS.has(key)) {
      input[key] = values
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
    } else if (key === 'all') {
      input.all = ['1', 'true'].includes(values[0] ?? '');
    } else {
      input[key] = values[0];
    }
  }
  return input;
}

const isAdmin = (c: Context<AppEnv>) => c.var.user?.role === 'admin';

export const nameQuery = z.object({ name: productSlugSchema });

async function visibleProduct(c: Context<AppEnv>) {
  const { name } = validate(nameQuery, { name: c.req.query('name') });
  const row = await findProductBySlug(c.var.deps.database.db, name, isAdmin(c));
  if (!row) throw notFound(`No product is called "${name}".`);
  return row;
}

function reviewColumns() {
  return {
    id: productReviews.id,
    productId: productReviews.productId,
    userId: productReviews.userId,
    rating: productReviews.rating,
    text: productReviews.text,
    createdAt: productReviews.createdAt,
    updatedAt: productReviews.updatedAt,
    firstName: users.firstName,
    lastName: users.lastName,
    avatarUrl: users.avatarUrl,
  };
}

interface ReviewRow {
  id: string;
  productId: string;
  userId: string;
  rating: number;
  text: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.productId,
    userId: row.userId,
    authorName: `${row.firstName} ${row.lastName}`.trim(),
    authorAvatarUrl: row.avatarUrl,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectReviews(db: Executor) {
  return db
    .select(reviewColumns())
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId));
}

export const productRoutes = new Hono<AppEnv>();

productRoutes.get('/images/:file', async (c) => {
  const image = await productImageResponse(c.var.deps, c.req.raw, c.req.param('file'));
  if (!image) throw notFound('No such image.');
  return image;
});

productRoutes.get('/', optionalUser, async (c) => {
  const query = validate(productQuerySchema, productQueryInput(c.req.queries()));
  const json = await listProductsJson(
    c.var.deps.database.db,
    query,
    query.all === true && isAdmin(c),
  );
  return c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
});

productRoutes.get('/product', optionalUser, async (c) => {
  const row = await visibleProduct(c);
  return c.json({ product: toProduct(row) });
});

productRoutes.get('/reviews', optionalUser, async (c) => {
  const product = await visibleProduct(c);
  const rows = await selectReviews(c.var.deps.database.db)
    .where(eq(productReviews.productId, product.id))
    .orderBy(desc(productReviews.updatedAt), desc(productReviews.id));
  return c.json({ reviews: rows.map(toReview) });
});

productRoutes.post('/reviews', requireUser, async (c) => {
  const product = await visibleProduct(c);
  const input = await parseJson(c, reviewInputSchema);
  const userId = currentUser(c).id;
  const result = await c.var.deps.database.db.transaction(async (tx) => {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, product.id))
      .for('update');
    const now = new Date();
    const [saved] = await tx
      .insert(productReviews)
      .values({ productId: product.id, userId, rating: input.rating, text: input.text })
      .onConflictDoUpdate({
        target: [productReviews.productId, productReviews.userId],
        set: { rating: input.rating, text: input.text, updatedAt: now },
      })
      .returning({ id: productReviews.id });
    const [updated] = await tx
      .update(products)
      .set({
        ratingSum: sql`(select coalesce(sum(rating), 0) from product_reviews where product_id = ${product.id})`,
        ratingCount: sql`(select count(*) from product_reviews where product_id = ${product.id})`,
      })
      .where(eq(products.id, product.id))
      .returning();
    const [review] = await selectReviews(tx).where(and(eq(productReviews.id, saved!.id)));
    return { review: toReview(review!), product: toProduct(updated!) };
  });
  return c.json(result);
});

productRoutes.route('/', productAdminRoutes);
