// Shop REST calls (server/routes/shop.ts) and their TanStack Query options. Money travels as
// integer cents; the pages convert at the edges (components/money.ts).
import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import type {
  Product,
  ProductInput,
  ProductList,
  ProductQuery,
  Review,
  ReviewInput,
  ShopOverview,
} from '../../../../server/contracts/shop';

/** The query as URL search params (arrays repeat their key). */
export function productSearchParams(query: ProductQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === false) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.set(key, String(value));
  }
  return params;
}

export const getProducts = (query: ProductQuery) =>
  api.get('/api/products', { searchParams: productSearchParams(query) }).json<ProductList>();

export const getProduct = (name: string) =>
  api.get('/api/products/product', { searchParams: { name } }).json<{ product: Product }>();

export const getReviews = (name: string) =>
  api.get('/api/products/reviews', { searchParams: { name } }).json<{ reviews: Review[] }>();

export const postReview = (name: string, input: ReviewInput) =>
  api
    .post('/api/products/reviews', { searchParams: { name }, json: input })
    .json<{ review: Review; product: Product }>();

export const createProduct = (input: ProductInput) =>
  api.post('/api/products/new', { json: input }).json<{ product: Product }>();

export const updateProduct = (id: string, product: ProductInput) =>
  api.post('/api/products/update', { json: { id, product } }).json<{ product: Product }>();

export const deleteProducts = (ids: string[]) =>
  api.post('/api/products/delete', { json: { ids } }).json<{ deleted: string[] }>();

export const publishProducts = (ids: string[], published: boolean) =>
  api.post('/api/products/publish', { json: { ids, published } }).json<{ products: Product[] }>();

export function uploadProductImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.post('/api/products/images', { body }).json<{ url: string }>();
}

export const getShopOverview = () => api.get('/api/e-commerce/overview').json<ShopOverview>();

export const productsQuery = (query: ProductQuery) =>
  queryOptions({ queryKey: ['products', 'list', query], queryFn: () => getProducts(query) });

export const productQuery = (name: string) =>
  queryOptions({ queryKey: ['products', 'product', name], queryFn: () => getProduct(name) });

export const reviewsQuery = (name: string) =>
  queryOptions({ queryKey: ['products', 'reviews', name], queryFn: () => getReviews(name) });

export const shopOverviewQuery = () =>
  queryOptions({ queryKey: ['e-commerce', 'overview'], queryFn: getShopOverview });
