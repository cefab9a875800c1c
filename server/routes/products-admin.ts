// Admin-only catalogue calls under /api/products: create, update, delete, publish and image
// upload. A signed-out caller gets 401, a signed-in non-admin 403. The URL name is derived from
// the name when absent and is unique (409 naming `slug`); the description is sanitised with the
// mail's sanitiser on write. Images are sniffed by their first bytes (png, jpeg, webp only) and
// cleaned (server/shop/product-images.ts); a product is saved only with uploaded images.
import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TYPES,
  productInputSchema,
} from '../contracts/shop.ts';
import { products } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, badRequest, conflict, notFound, parseJson } from '../lib/errors.ts';
import { assertProductImages, sniffImage, storeProductImage } from '../shop/product-images.ts';
import { productValues, toProduct } from '../shop/products.ts';

const ids = z
  .array(z.uuid('Each id must be a product id.'), { error: 'ids must be a list of product ids.' })
  .min(1, 'Choose at least one product.')
  .max(500, '500 products at most at once.');

export const updateSchema = z.object({
  id: z.uuid('id must be a product id.'),
  product: productInputSchema,
});
export const deleteSchema = z.object({ ids });
export const publishSchema = z.object({
  ids,
  published: z.boolean({ error: 'published must be true or false.' }),
});

const slugTaken = () =>
  conflict('Another product already uses this URL name.', {
    slug: 'This URL name is taken; choose another.',
  });

export const productAdminRoutes = new Hono<AppEnv>();

productAdminRoutes.post('/new', requireAdmin, async (c) => {
  const values = productValues(await parseJson(c, productInputSchema));
  await assertProductImages(c.var.deps.database.db, values.images);
  try {
    const [row] = await c.var.deps.database.db.insert(products).values(values).returning();
    return c.json({ product: toProduct(row!) }, 201);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
});

productAdminRoutes.post('/update', requireAdmin, async (c) => {
  const { id, product } = await parseJson(c, updateSchema);
  const values = productValues(product);
  await assertProductImages(c.var.deps.database.db, values.images);
  try {
    const [row] = await c.var.deps.database.db
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw notFound('This product no longer exists.');
    return c.json({ product: toProduct(row) });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
});

productAdminRoutes.post('/delete', requireAdmin, async (c) => {
  const input = await parseJson(c, deleteSchema);
  const rows = await c.var.deps.database.db
    .delete(products)
    .where(inArray(products.id, input.ids))
    .returning({ id: products.id });
  return c.json({ deleted: rows.map((r) => r.id) });
});

productAdminRoutes.post('/publish', requireAdmin, async (c) => {
  const input = await parseJson(c, publishSchema);
  const rows = await c.var.deps.database.db
    .update(products)
    .set({ published: input.published, updatedAt: new Date() })
    .where(and(inArray(products.id, input.ids)))
    .returning();
  return c.json({ products: rows.map(toProduct) });
});

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

productAdminRoutes.post('/images', requireAdmin, async (c) => {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest('Send the image as multipart/form-data.', { file: 'Missing file.' });
  }
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('Missing file.', { file: 'Missing file.' });
  if (file.size === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) {
    const limit = megabytes(MAX_PRODUCT_IMAGE_BYTES);
    throw new ApiError(413, `An image may be at most ${limit}.`, {
      file: `The image is larger than ${limit}.`,
    });
  }
  const declared = file.type.toLowerCase();
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(declared)) {
    throw new ApiError(415, 'Upload a PNG, JPEG or WebP image.', {
      file: `${declared || 'This type'} is not accepted; use PNG, JPEG or WebP.`,
    });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  // the bytes decide: a real image of an accepted format is stored as what it is, cleaned
  if (!sniffImage(bytes)) {
    throw new ApiError(422, 'The file is not a PNG, JPEG or WebP image.', {
      file: `The file's content is not a ${declared} image.`,
    });
  }
  const url = await storeProductImage(c.var.deps, bytes, currentUser(c).id);
  return c.json({ url }, 201);
});
