// Product rows ↔ the contract's `Product`, and the catalogue's reads. Signed-out callers and
// users see published products only; admins may ask for drafts too (`all`). The list filters
// and sorts run on indexed columns (`price_paid` is the price a buyer pays: the sale price when
// set); every sort ends on the id so pages never skip or repeat a product.
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';

import {
  PRODUCT_PAGE_SIZE,
  type Currency,
  type Product,
  type ProductCategory,
  type ProductGender,
  type ProductInput,
  type ProductQuery,
} from '../contracts/shop.ts';
import { slugify } from '../contracts/slug.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { products } from '../db/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { escapeLike } from '../lib/escape.ts';
import { htmlToText, sanitizeMailHtml } from '../mail/sanitize.ts';

export type ProductRow = typeof products.$inferSelect;

/** Mean rating rounded to one decimal, 0 without reviews. */
export const ratingAverage = (sum: number, n: number) => (n ? Math.round((sum * 10) / n) / 10 : 0);

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    images: row.images,
    price: row.price,
    priceSale: row.priceSale,
    currency: row.currency as Currency,
    colors: row.colors,
    sizes: row.sizes,
    category: row.category as ProductCategory,
    gender: row.gender as ProductGender,
    tags: row.tags,
    stock: row.stock,
    published: row.published,
    ratingAverage: ratingAverage(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    sold: row.sold,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Where uploaded and generated images are served; a product's images must be among them. */
export const PRODUCT_IMAGE_URL = /^\/api\/products\/images\/[0-9a-f]{64}\.(png|jpg|webp)$/;

/** The columns written for an input (create and update): slug derived, description sanitised. */
export function productValues(input: ProductInput) {
  const slug = input.slug ?? slugify(input.name);
  if (!slug)
    throw badRequest('Give the product a URL name.', {
      slug: 'The name has no letters or digits to make a URL name from; enter one.',
    });
  const bad = input.images.findIndex((url) => !PRODUCT_IMAGE_URL.test(url));
  if (bad >= 0)
    throw badRequest('Use images uploaded to the shop.', {
      [`images.${bad}`]: 'Upload the image through POST /api/products/images.',
    });
  const description = sanitizeMailHtml(input.description);
  const searchText = [input.name, input.category, ...input.tags, htmlToText(description)]
    .join(' ')
    .toLowerCase();
  return {
    name: input.name,
    slug,
    description,
    searchText,
    images: input.images,
    price: input.price,
    priceSale: input.priceSale,
    currency: input.currency,
    colors: [...new Set(input.colors)],
    sizes: [...new Set(input.sizes)],
    category: input.category,
    gender: input.gender,
    tags: [...new Set(input.tags)],
    stock: input.stock,
    published: input.published,
  };
}

function filters(query: ProductQuery, includeDrafts: boolean): SQL[] {
  const where: SQL[] = [];
  if (!includeDrafts) where.push(eq(products.published, true));
  if (query.q) {
    for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8))
      where.push(ilike(products.searchText, `%${escapeLike(word)}%`));
  }
  if (query.category?.length) where.push(inArray(products.category, query.category));
  if (query.gender?.length) where.push(inArray(products.gender, query.gender));
  if (query.color?.length)
    where.push(sql`${products.colors} && ${`{${query.color.join(',')}}`}::text[]`);
  if (query.priceMin !== undefined) where.push(gte(products.pricePaid, query.priceMin));
  if (query.priceMax !== undefined) where.push(lte(products.pricePaid, query.priceMax));
  if (query.rating !== undefined && query.rating > 0) {
    // average ≥ r, with the average rounded to one decimal as shown: sum/count ≥ r − 0.05
    const tenths = Math.round(query.rating * 10);
    where.push(
      sql`${products.ratingCount} > 0 and round(${products.ratingSum} * 10.0 / ${products.ratingCount}) >= ${tenths}`,
    );
  }
  return where;
}

function ordering(sort: ProductQuery['sort']) {
  switch (sort) {
    case 'newest':
      return [desc(products.createdAt), asc(products.id)];
    case 'priceAsc':
      return [asc(products.pricePaid), asc(products.id)];
    case 'priceDesc':
      return [desc(products.pricePaid), asc(products.id)];
    default:
      return [
        desc(products.sold),
        desc(products.ratingSum),
        desc(products.createdAt),
        asc(products.id),
      ];
  }
}

/**
 * The list as the answer's JSON text, built by the database: `toProduct` field for field, so
 * thousands of products are not parsed into rows and serialised again (products.test.ts
 * checks that both give the same product).
 */
const productJson = sql`json_build_object(
  'id', p.id, 'name', p.name, 'slug', p.slug, 'description', p.description, 'images', p.images,
  'price', p.price, 'priceSale', p.price_sale, 'currency', p.currency, 'colors', p.colors,
  'sizes', p.sizes, 'category', p.category, 'gender', p.gender, 'tags', p.tags,
  'stock', p.stock, 'published', p.published,
  'ratingAverage', case when p.rating_count = 0 then 0
    else (round(p.rating_sum * 10.0 / p.rating_count) / 10)::float8 end,
  'ratingCount', p.rating_count, 'sold', p.sold,
  'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

export async function listProductsJson(
  db: Executor,
  query: ProductQuery,
  includeDrafts: boolean,
): Promise<string> {
  const where = and(...filters(query, includeDrafts));
  const order = ordering(query.sort);
  let page = db
    .select({
      id: products.id,
      n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n'),
    })
    .from(products)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE;
  if (query.page) page = page.limit(pageSize).offset((query.page - 1) * pageSize);
  const ids = page.as('ids');
  const rows = await queryRows<{ list: string }>(
    db,
    sql`
      select coalesce(json_agg(${productJson} order by ids.n), '[]')::text as list
      from ${ids} join products p on p.id = ids.id`,
  );
  const list = rows[0]?.list ?? '[]';
  if (!query.page) return `{"products":${list}}`;
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return `{"products":${list},"total":${Number(total?.n ?? 0)},"page":${query.page},"pageSize":${pageSize}}`;
}

/** The product by its URL name, if the caller may see it. */
export async function findProductBySlug(db: Executor, slug: string, includeDrafts: boolean) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), includeDrafts ? undefined : eq(products.published, true)))
    .limit(1);
  return row;
}
