// The query, path and body shapes of the shop's calls that no form fills in (the forms'
// schemas are ./shop.ts's): read by the routes and by the API description.
import { z } from 'zod';

import { addressInputSchema, productInputSchema, productSlugSchema } from './shop.ts';

const LIST_KEYS = new Set(['category', 'color', 'gender']);

/** GET /api/products: the query string as productQuerySchema expects it, list keys repeated or
 *  comma-separated. */
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

/** ?name= of /api/products/product and the reviews. */
export const productNameQuery = z.object({ name: productSlugSchema });

const productIds = z
  .array(z.uuid('Each id must be a product id.'), { error: 'ids must be a list of product ids.' })
  .min(1, 'Choose at least one product.')
  .max(500, '500 products at most at once.');

export const productUpdateSchema = z.object({
  id: z.uuid('id must be a product id.'),
  product: productInputSchema,
});
export const productDeleteSchema = z.object({ ids: productIds });
export const productPublishSchema = z.object({
  ids: productIds,
  published: z.boolean({ error: 'published must be true or false.' }),
});

/** POST /api/cart/discount: a code, or null to remove it. */
export const discountCodeSchema = z.object({
  code: z
    .string({ error: 'Enter a code, or null to remove it.' })
    .trim()
    .min(1, 'Enter a code.')
    .max(40, 'Codes are 40 characters at most.')
    .nullable(),
});

export const orderIdQuery = z.object({ id: z.uuid('id must be an order id.') });

export const addressNewSchema = addressInputSchema.extend({
  id: z.uuid('id must be a UUID.').optional(),
});
export const addressUpdateSchema = z.object({
  id: z.uuid('id must be an address id.'),
  address: addressInputSchema,
});
export const addressDeleteSchema = z.object({ id: z.uuid('id must be an address id.') });
