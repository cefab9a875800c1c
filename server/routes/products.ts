// /api/products: the shared catalogue (GET /api/products and
// /api/products/product?name=). Anyone may read published products, their reviews and images;
// admins may include drafts (`all=1`) and run the catalogue (products-admin.ts). Reviews are
// server/shop/reviews.ts's.
import { Hono, type Context } from 'hono';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { productNameQuery, productQueryInput } from '../contracts/shop-calls.ts';
import { productQuerySchema, reviewInputSchema } from '../contracts/shop.ts';
import { notFound, parseJson, validate } from '../lib/errors.ts';
import { productImageResponse } from '../shop/product-images.ts';
import { findProductBySlug, listProductsJson, toProduct } from '../shop/products.ts';
import { listReviews, saveReview } from '../shop/reviews.ts';
import { productAdminRoutes } from './products-admin.ts';

const isAdmin = (c: Context<AppEnv>) => c.var.user?.role === 'admin';

async function visibleProduct(c: Context<AppEnv>) {
  const { name } = validate(productNameQuery, { name: c.req.query('name') });
  const row = await findProductBySlug(c.var.deps.database.db, name, isAdmin(c));
  if (!row) throw notFound(`No product is called "${name}".`);
  return row;
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
  return c.json({ reviews: await listReviews(c.var.deps.database.db, product.id) });
});

productRoutes.post('/reviews', requireUser, async (c) => {
  const product = await visibleProduct(c);
  const input = await parseJson(c, reviewInputSchema);
  const userId = currentUser(c).id;
  return c.json(await saveReview(c.var.deps.database.db, product.id, userId, input));
});

productRoutes.route('/', productAdminRoutes);
