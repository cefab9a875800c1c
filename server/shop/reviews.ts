// Product reviews: one per user per product (a second replaces the first), newest first. The
// product's rating summary is recomputed in the same transaction, with the product row locked,
// so concurrent reviews cannot lose one.
import { and, desc, eq, sql } from 'drizzle-orm';

import type { Product, Review, ReviewInput } from '../contracts/shop.ts';
import type { Database, Executor } from '../db/client.ts';
import { productReviews, products, users } from '../db/schema/index.ts';
import { toProduct } from './products.ts';

function selectReviews(db: Executor) {
  return db
    .select({
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
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.userId));
}

type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];

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

export async function listReviews(db: Executor, productId: string): Promise<Review[]> {
  const rows = await selectReviews(db)
    .where(eq(productReviews.productId, productId))
    .orderBy(desc(productReviews.updatedAt), desc(productReviews.id));
  return rows.map(toReview);
}

/** The user's review of the product, new or replacing theirs; answers it and the product. */
export async function saveReview(
  db: Database,
  productId: string,
  userId: string,
  input: ReviewInput,
): Promise<{ review: Review; product: Product }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const now = new Date();
    const [saved] = await tx
      .insert(productReviews)
      .values({ productId, userId, rating: input.rating, text: input.text })
      .onConflictDoUpdate({
        target: [productReviews.productId, productReviews.userId],
        set: { rating: input.rating, text: input.text, updatedAt: now },
      })
      .returning({ id: productReviews.id });
    const [updated] = await tx
      .update(products)
      .set({
        ratingSum: sql`(select coalesce(sum(rating), 0) from product_reviews where product_id = ${productId})`,
        ratingCount: sql`(select count(*) from product_reviews where product_id = ${productId})`,
      })
      .where(eq(products.id, productId))
      .returning();
    const [review] = await selectReviews(tx).where(and(eq(productReviews.id, saved!.id)));
    return { review: toReview(review!), product: toProduct(updated!) };
  });
}
