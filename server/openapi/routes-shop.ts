// The shop: products and their reviews, the cart, addresses, orders and the shop overview.
import { z } from 'zod';

import {
  addressDeleteSchema as deleteSchema,
  addressNewSchema as newSchema,
  addressUpdateSchema as updateSchema,
  discountCodeSchema as discountSchema,
  orderIdQuery,
  productDeleteSchema,
  productNameQuery as nameQuery,
  productPublishSchema as publishSchema,
  productQueryInput,
  productUpdateSchema,
} from '../contracts/shop-calls.ts';
import {
  cartChangeSchemas,
  orderInputSchema,
  productInputSchema,
  productQuerySchema,
  reviewInputSchema,
} from '../contracts/shop.ts';
import { fileForm, mutation, type RouteDoc } from './registry.ts';

const shop = 'Shop';
const cart = 'Cart';

const admin = (path: string, summary: string, body: RouteDoc['body'], status?: number) =>
  ({
    method: 'POST',
    path: `/api/products${path}`,
    tag: shop,
    summary,
    access: 'admin',
    body,
    ...(status ? { status } : {}),
  }) satisfies RouteDoc;

export const shopRoutes: RouteDoc[] = [
  {
    method: 'GET',
    path: '/api/products/images/:file',
    tag: shop,
    summary: 'A product image.',
    access: 'public',
    params: z.object({ file: z.string().min(1).max(120) }),
    produces: 'image/webp',
  },
  {
    method: 'GET',
    path: '/api/products',
    tag: shop,
    summary: 'The catalogue, filtered, sorted and paged (lists may repeat or use commas).',
    access: 'optional',
    query: productQuerySchema,
    readQuery: productQueryInput,
  },
  {
    method: 'GET',
    path: '/api/products/product',
    tag: shop,
    summary: 'One product by URL name.',
    access: 'optional',
    query: nameQuery,
  },
  {
    method: 'GET',
    path: '/api/products/reviews',
    tag: shop,
    summary: "A product's reviews.",
    access: 'optional',
    query: nameQuery,
  },
  {
    method: 'POST',
    path: '/api/products/reviews',
    tag: shop,
    summary: 'Review a product (one review per user, changed by sending it again).',
    access: 'user',
    query: nameQuery,
    body: reviewInputSchema,
  },
  admin('/new', 'Create a product.', productInputSchema, 201),
  admin('/update', 'Change a product.', productUpdateSchema),
  admin('/delete', 'Delete products.', productDeleteSchema),
  admin('/publish', 'Publish or withdraw products.', publishSchema),
  {
    method: 'POST',
    path: '/api/products/images',
    tag: shop,
    summary: 'Upload a product image (multipart, field "file").',
    access: 'admin',
    form: fileForm,
    status: 201,
  },
  { method: 'GET', path: '/api/cart', tag: cart, summary: 'My cart.', access: 'user' },
  mutation('/api/cart/items/add', cart, 'Add a product to the cart.', cartChangeSchemas.add),
  mutation('/api/cart/items/increase', cart, 'One more of a line.', cartChangeSchemas.increase),
  mutation('/api/cart/items/decrease', cart, 'One less of a line.', cartChangeSchemas.decrease),
  mutation('/api/cart/items/delete', cart, 'Remove a line.', cartChangeSchemas.delete),
  mutation('/api/cart/billing', cart, 'Choose the billing address.', cartChangeSchemas.billing),
  mutation('/api/cart/delivery', cart, 'Choose the delivery.', cartChangeSchemas.delivery),
  mutation('/api/cart/reset', cart, 'Empty the cart.', cartChangeSchemas.reset),
  {
    method: 'POST',
    path: '/api/cart/discount',
    tag: cart,
    summary: 'Apply a discount code (null removes it).',
    access: 'user',
    body: discountSchema,
  },
  {
    method: 'GET',
    path: '/api/addresses',
    tag: 'Addresses',
    summary: 'My addresses.',
    access: 'user',
  },
  mutation('/api/addresses/new', 'Addresses', 'Add an address.', newSchema, { status: 201 }),
  mutation('/api/addresses/update', 'Addresses', 'Change an address.', updateSchema),
  mutation('/api/addresses/delete', 'Addresses', 'Delete an address.', deleteSchema),
  {
    method: 'POST',
    path: '/api/orders',
    tag: 'Orders',
    summary: 'Place the order for my cart (201; the same key again answers the same order).',
    access: 'user',
    headers: z.object({
      'Idempotency-Key': z.uuid().meta({ description: 'A UUID per checkout attempt.' }),
    }),
    body: orderInputSchema,
    status: 201,
  },
  { method: 'GET', path: '/api/orders', tag: 'Orders', summary: 'My orders.', access: 'user' },
  {
    method: 'GET',
    path: '/api/orders/order',
    tag: 'Orders',
    summary: 'One of my orders.',
    access: 'user',
    query: orderIdQuery,
  },
  {
    method: 'GET',
    path: '/api/e-commerce/overview',
    tag: shop,
    summary: "The shop overview's figures.",
    access: 'user',
  },
];
