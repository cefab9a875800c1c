// The admin form's values (prices in currency units, as typed) ↔ the API's ProductInput
// (integer cents), and zod's issues as Mantine form errors on the field they name.
import type { ZodError } from 'zod';

import {
  productInputSchema,
  type Currency,
  type Product,
  type ProductCategory,
  type ProductGender,
  type ProductInput,
} from '../../../../server/contracts/shop';
import { toCents, toUnits } from './money';

export interface ProductFormValues {
  name: string;
  slug: string;
  description: string;
  images: string[];
  price: number | string;
  priceSale: number | string;
  currency: Currency;
  colors: string[];
  sizes: string[];
  category: ProductCategory | null;
  gender: ProductGender | null;
  tags: string[];
  stock: number | string;
  published: boolean;
}

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  slug: '',
  description: '',
  images: [],
  price: '',
  priceSale: '',
  currency: 'USD',
  colors: [],
  sizes: [],
  category: null,
  gender: null,
  tags: [],
  stock: 0,
  published: true,
});

export const productToForm = (p: Product): ProductFormValues => ({
  name: p.name,
  slug: p.slug,
  description: p.description,
  images: p.images,
  price: toUnits(p.price),
  priceSale: toUnits(p.priceSale),
  currency: p.currency,
  colors: p.colors,
  sizes: p.sizes,
  category: p.category,
  gender: p.gender,
  tags: p.tags,
  stock: p.stock,
  published: p.published,
});

/** What is sent (not yet validated): prices as cents, blanks as the schema's "missing". */
export function formToInput(v: ProductFormValues): unknown {
  return {
    name: v.name,
    slug: v.slug.trim() ? v.slug.trim() : undefined,
    description: v.description,
    images: v.images,
    price: toCents(v.price) ?? undefined,
    priceSale: toCents(v.priceSale),
    currency: v.currency,
    colors: v.colors,
    sizes: v.sizes,
    category: v.category ?? undefined,
    gender: v.gender ?? undefined,
    tags: v.tags,
    stock: v.stock === '' ? undefined : Number(v.stock),
    published: v.published,
  };
}

/** zod issues → { field: message }, the first issue of each top-level field. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= issue.message;
  }
  return out;
}

export function validateProductForm(
  values: ProductFormValues,
): { input: ProductInput; errors: null } | { input: null; errors: Record<string, string> } {
  const parsed = productInputSchema.safeParse(formToInput(values));
  return parsed.success
    ? { input: parsed.data, errors: null }
    : { input: null, errors: fieldErrors(parsed.error) };
}
