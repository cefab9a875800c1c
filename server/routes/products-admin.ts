// Admin-only catalogue calls under /api/products: create, update, delete, publish and image
// upload (server/shop/product-admin.ts and product-images.ts hold the rules). A signed-out
// caller gets 401, a signed-in non-admin 403. Images are checked here by size and declared
// type, then by their first bytes (png, jpeg, webp only).
import { Hono } from 'hono';

import { currentUser, requireAdmin } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import {
  productDeleteSchema,
  productPublishSchema,
  productUpdateSchema,
} from '../contracts/shop-calls.ts';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_IMAGE_TYPES,
  productInputSchema,
} from '../contracts/shop.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { formFile } from '../lib/form-file.ts';
import { fileForm, routeGroup } from '../openapi/route.ts';
import {
  createProduct,
  deleteProducts,
  setPublished,
  updateProduct,
} from '../shop/product-admin.ts';
import { sniffImage, storeProductImage } from '../shop/product-images.ts';

export const productAdminRoutes = new Hono<AppEnv>();

const admin = routeGroup({ tag: 'Shop', access: 'admin' });

productAdminRoutes.post(
  '/new',
  requireAdmin,
  admin('Create a product.', { body: productInputSchema, status: 201 }),
  async (c) => {
    const input = c.req.valid('json');
    return c.json({ product: await createProduct(c.var.deps.database.db, input) }, 201);
  },
);

productAdminRoutes.post(
  '/update',
  requireAdmin,
  admin('Change a product.', { body: productUpdateSchema }),
  async (c) => {
    const { id, product } = c.req.valid('json');
    return c.json({ product: await updateProduct(c.var.deps.database.db, id, product) });
  },
);

productAdminRoutes.post(
  '/delete',
  requireAdmin,
  admin('Delete products.', { body: productDeleteSchema }),
  async (c) => {
    const { ids } = c.req.valid('json');
    return c.json({ deleted: await deleteProducts(c.var.deps.database.db, ids) });
  },
);

productAdminRoutes.post(
  '/publish',
  requireAdmin,
  admin('Publish or withdraw products.', { body: productPublishSchema }),
  async (c) => {
    const { ids, published } = c.req.valid('json');
    return c.json({ products: await setPublished(c.var.deps.database.db, ids, published) });
  },
);

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

productAdminRoutes.post(
  '/images',
  requireAdmin,
  admin('Upload a product image (multipart, field "file").', { form: fileForm, status: 201 }),
  async (c) => {
    const file = await formFile(c, 'image');
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
  },
);
