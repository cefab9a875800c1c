// What admins do to the catalogue: create, update, delete and publish products. The URL name
// is derived from the name when absent and is unique (409 naming `slug`); the description is
// sanitised on write (./products.ts productValues); a product is saved only with images
// uploaded here (./product-images.ts).
import { eq, inArray } from 'drizzle-orm';

import type { Product, ProductInput } from '../contracts/shop.ts';
import type { Database } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { assertProductImages } from './product-images.ts';
import { productValues, toProduct } from './products.ts';

const slugTaken = (error: unknown) =>
  isUniqueViolation(error)
    ? conflict('Another product already uses this URL name.', {
        slug: 'This URL name is taken; choose another.',
      })
    : error;

export async function createProduct(db: Database, input: ProductInput): Promise<Product> {
  const values = productValues(input);
  await assertProductImages(db, values.images);
  try {
    const [row] = await db.insert(products).values(values).returning();
    return toProduct(row!);
  } catch (error) {
    throw slugTaken(error);
  }
}

export async function updateProduct(db: Database, id: string, input: ProductInput) {
  const values = productValues(input);
  await assertProductImages(db, values.images);
  let row: typeof products.$inferSelect | undefined;
  try {
    [row] = await db
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
  } catch (error) {
    throw slugTaken(error);
  }
  if (!row) throw notFound('This product no longer exists.');
  return toProduct(row);
}

/** Deletes the products; answers the ids that were there. */
export async function deleteProducts(db: Database, ids: string[]): Promise<string[]> {
  const rows = await db
    .delete(products)
    .where(inArray(products.id, ids))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

export async function setPublished(db: Database, ids: string[], published: boolean) {
  const rows = await db
    .update(products)
    .set({ published, updatedAt: new Date() })
    .where(inArray(products.id, ids))
    .returning();
  return rows.map(toProduct);
}
