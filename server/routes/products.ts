// /api/products: the shared catalogue (GET /api/products and
// /api/products/product?name=). Anyone may read published products, their reviews and images;
// admins may include drafts (`all=1`) and run the catalogue (products-admin.ts). Reviews are
// server/shop/reviews.ts's.
import { Hono, type Context } from 'hono';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import type { AppEnv } from '../context.ts';
import { productNameQuery, productQueryInput } from '../contracts/shop-calls.ts';
import { productQuerySchema, reviewInputSchema } from '../contracts/shop.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../openapi/route.ts';
import { productImageResponse } from '../shop/product-images.ts';
import { findProductBySlug, listProductsJson, toProduct } from '../shop/products.ts';
import { listReviews, saveReview } from '../shop/reviews.ts';
import { productAdminRoutes } from './products-admin.ts';

const isAdmin = (c: Context<AppEnv>) => c.var.user?.role === 'admin';

/** The product the route's validated `?name=` names, as the caller may see it. */
async function visibleProduct(c: Context<AppEnv>, name: string) {
  const row = await findProductBySlug(c.var.deps.database.db, name, isAdmin(c));
  if (!row) throw notFound(`No product is called "${name}".`);
  return row;
}

export const productRoutes = new Hono<AppEnv>();
const tag = 'Shop';

const image = route({
  tag,
  access: 'public',
  summary: 'A product image.',
  produces: 'image/webp',
});
productRoutes.get('/images/:file', image, async (c) => {
  const image = await productImageResponse(c.var.deps, c.req.raw, c.req.param('file'));
  if (!image) throw notFound('No such image.');
  return image;
});

const list = route({
  tag,
  access: 'optional',
  summary: 'The catalogue, filtered, sorted and paged (lists may repeat or use commas).',
  query: productQuerySchema,
  readQuery: productQueryInput,
});
productRoutes.get('/', optionalUser, list, async (c) => {
  const query = c.req.valid('query');
  const json = await listProductsJson(
    c.var.deps.database.db,
    query,
    query.all === true && isAdmin(c),
  );
  return c.body(json, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
});

const byName = { tag, query: productNameQuery };
const one = route({ ...byName, access: 'optional', summary: 'One product by URL name.' });
productRoutes.get('/product', optionalUser, one, async (c) => {
  const row = await visibleProduct(c, c.req.valid('query').name);
  return c.json({ product: toProduct(row) });
});

const reviews = route({ ...byName, access: 'optional', summary: "A product's reviews." });
productRoutes.get('/reviews', optionalUser, reviews, async (c) => {
  const product = await visibleProduct(c, c.req.valid('query').name);
  return c.json({ reviews: await listReviews(c.var.deps.database.db, product.id) });
});

const review = route({
  ...byName,
  access: 'user',
  summary: 'Review a product (one review per user, changed by sending it again).',
  body: reviewInputSchema,
});
productRoutes.post('/reviews', requireUser, review, async (c) => {
  const product = await visibleProduct(c, c.req.valid('query').name);
  const input = c.req.valid('json');
  const userId = currentUser(c).id;
  return c.json(await saveReview(c.var.deps.database.db, product.id, userId, input));
});

productRoutes.route('/', productAdminRoutes);
