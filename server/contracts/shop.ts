// The shop's payloads and rules, shared by the server routes, the shop pages, the cart's Dexie
// mirror and its sync queue. Money is always an integer number of minor units (cents) with a
// currency; nothing here uses a float for money.
//
// The cart (docs/product-rules.md#shop-cart-and-checkout): adding an item already in the cart
// raises its quantity by one and merges its colours; quantity goes up or down by one (never below
// 1); an item can be deleted; total = subtotal − discount + shipping; shipping and discount default
// to 0. The rules are ONE pure function, `applyCartChange` (./cart-rules.ts, free of zod so the
// page's cart mirror loads it light; re-exported here), run by the server on the user's stored cart
// and by the page on its Dexie mirror, so both always agree. Changes are intents ("one more of
// product X"), so changes queued offline on one device merge into the cart another device built (a
// sign-in after offline work merges the device's cart into the server's).
//
// The discount is a percentage code checked by the server (online only); its amount is derived
// from the subtotal on every change, so it never exceeds the subtotal and the total is never
// negative.
import { z } from 'zod';

import { MAX_CART_LINES, MAX_LINE_QUANTITY, type DeliveryId } from './cart-rules.ts';
import {
  CURRENCIES,
  MAX_PRICE,
  MAX_PRODUCT_IMAGES,
  PRODUCT_CATEGORIES,
  PRODUCT_GENDERS,
  PRODUCT_SORTS,
  type Currency,
  type ProductCategory,
  type ProductGender,
} from './shop-constants.ts';

export {
  applyCartChange,
  CART_CHANGE_PATHS,
  CartRuleError,
  cartTotals,
  DELIVERY_OPTIONS,
  emptyCart,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  type Cart,
  type CartChange,
  type CartItem,
  type CartTotals,
  type DeliveryId,
} from './cart-rules.ts';

export {
  CURRENCIES,
  LOW_STOCK,
  MAX_PRICE,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_CATEGORIES,
  PRODUCT_GENDERS,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SIZES,
  PRODUCT_SORTS,
  type Currency,
  type ProductCategory,
  type ProductGender,
  type ProductSort,
} from './shop-constants.ts';

const money = (field: string) =>
  z
    .number({ error: `${field} must be a number (in cents).` })
    .int(`${field} must be a whole number of cents.`)
    .min(0, `${field} cannot be negative.`)
    .max(MAX_PRICE, `${field} is too large.`);

/** A price filter: a bound above every price is no bound (and stays within the column). */
const priceBound = z.coerce
  .number()
  .int()
  .min(0)
  .transform((cents) => Math.min(cents, MAX_PRICE + 1));

/** Trimmed text of at most `max` characters. */
const text = (max: number, tooLong?: string) => z.string().trim().max(max, tooLong);

const hexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'A colour must be #RRGGBB.')
  .transform((c) => c.toUpperCase());

/** The URL name: lowercase words joined by hyphens. */
export const productSlugSchema = z
  .string()
  .trim()
  .min(1, 'The URL name is required.')
  .max(80, 'The URL name is too long (80 characters at most).')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.');

export interface Product {
  id: string;
  name: string;
  /** the URL name: /dashboard/e-commerce/product/{slug} and ?name= of GET /api/products/product */
  slug: string;
  /** sanitised HTML (the server sanitises on write) */
  description: string;
  /** image URLs, the first is the cover */
  images: string[];
  price: number;
  /** the price the buyer pays when set (below `price`) */
  priceSale: number | null;
  currency: Currency;
  colors: string[];
  sizes: string[];
  category: ProductCategory;
  gender: ProductGender;
  tags: string[];
  stock: number;
  published: boolean;
  /** 0 when there are no reviews, else the mean rating rounded to one decimal */
  ratingAverage: number;
  ratingCount: number;
  /** how many have been sold (orders placed), for "featured" and best sellers */
  sold: number;
  createdAt: string;
  updatedAt: string;
}

/** The unit price a buyer pays now. */
export const unitPrice = (product: Pick<Product, 'price' | 'priceSale'>) =>
  product.priceSale ?? product.price;

/** The admin form and POST /api/products/new, /update: one schema for both sides. */
export const productInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required.' })
      .trim()
      .min(1, 'Name is required.')
      .max(120, 'Name is too long (120 characters at most).'),
    slug: productSlugSchema.optional(),
    description: z.string().max(20_000, 'Description is too long (20,000 characters at most).'),
    images: z
      .array(z.string().min(1).max(500))
      .min(1, 'Add at least one image.')
      .max(MAX_PRODUCT_IMAGES, `A product has ${MAX_PRODUCT_IMAGES} images at most.`),
    price: money('Price'),
    priceSale: money('Sale price').nullable(),
    currency: z.enum(CURRENCIES, { error: 'Choose a currency.' }),
    colors: z.array(hexColour).min(1, 'Choose at least one colour.').max(12, '12 colours at most.'),
    sizes: z.array(text(20).min(1)).max(12, '12 sizes at most.'),
    category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category.' }),
    gender: z.enum(PRODUCT_GENDERS, { error: 'Choose who it is for.' }),
    tags: z.array(text(40).min(1)).max(20, '20 tags at most.'),
    stock: z
      .number({ error: 'Stock must be a number.' })
      .int('Stock must be a whole number.')
      .min(0, 'Stock cannot be negative.')
      .max(1_000_000, 'Stock is too large.'),
    published: z.boolean(),
  })
  .refine((p) => p.priceSale === null || p.priceSale < p.price, {
    path: ['priceSale'],
    message: 'The sale price must be below the price.',
  });
export type ProductInput = z.infer<typeof productInputSchema>;

/** GET /api/products query. With no `page` the answer is the whole (filtered) list. */
export const productQuerySchema = z.object({
  q: text(100).optional(),
  category: z.array(z.enum(PRODUCT_CATEGORIES)).optional(),
  color: z.array(hexColour).optional(),
  gender: z.array(z.enum(PRODUCT_GENDERS)).optional(),
  priceMin: priceBound.optional(),
  priceMax: priceBound.optional(),
  /** at least this average rating */
  rating: z.coerce.number().min(0).max(5).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  page: z.coerce.number().int().min(1).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  /** admins only: include unpublished products */
  all: z.coerce.boolean().optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export interface ProductList {
  products: Product[];
  /** present when the list is paged */
  total?: number;
  page?: number;
  pageSize?: number;
}

export interface Review {
  id: string;
  productId: string;
  userId: string;
  authorName: string;
  authorAvatarUrl: string | null;
  rating: number;
  text: string;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/products/reviews?name= : one review per user per product (a second replaces it). */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Choose a rating.' })
    .int('Choose a rating.')
    .min(1, 'Choose a rating from 1 to 5.')
    .max(5, 'Choose a rating from 1 to 5.'),
  text: z
    .string()
    .trim()
    .min(1, 'Write a few words.')
    .max(2000, 'A review is 2,000 characters at most.'),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

// ---- addresses ---------------------------------------------------------------------------

export const addressInputSchema = z.object({
  name: text(120, 'Name is too long.').min(1, 'Name is required.'),
  phone: z
    .string()
    .trim()
    .min(1, 'Phone is required.')
    .max(40, 'Phone is too long.')
    .regex(/^[+0-9 ()-]+$/, 'Use digits, spaces, +, ( ) and - only.'),
  line1: text(200, 'Address is too long.').min(1, 'Address is required.'),
  line2: text(200, 'Too long.').default(''),
  city: text(120, 'City is too long.').min(1, 'City is required.'),
  region: text(120, 'Too long.').default(''),
  postcode: text(20, 'Postcode is too long.').min(1, 'Postcode is required.'),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Choose a country.'),
  type: z.enum(['home', 'office']).default('home'),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.infer<typeof addressInputSchema>;
export interface Address extends AddressInput {
  id: string;
}

// ---- cart --------------------------------------------------------------------------------

export const deliveryIdSchema = z.enum(['free', 'standard', 'express'], {
  error: 'Choose a delivery option.',
});

/** What the page sends to add a product (the server re-reads name and price on checkout). */
export const cartItemInputSchema = z.object({
  id: z.uuid('The product id must be a UUID.'),
  name: z.string().min(1).max(120),
  slug: z.string().min(1).max(80),
  coverUrl: z.string().max(500),
  price: money('Price'),
  currency: z.enum(CURRENCIES),
  colors: z.array(hexColour).max(12),
  size: z.string().max(20).nullable(),
  /** the stock when added: the page does not offer more */
  available: z.number().int().min(0),
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

/** The cart's queued changes as the server checks them: the bodies of CartChange. */
export const cartChangeSchemas = {
  add: z.object({ item: cartItemInputSchema }),
  increase: z.object({ id: z.uuid() }),
  decrease: z.object({ id: z.uuid() }),
  delete: z.object({ id: z.uuid() }),
  billing: z.object({ address: addressInputSchema.extend({ id: text(64) }).nullable() }),
  delivery: z.object({ delivery: deliveryIdSchema }),
  reset: z.object({}),
} as const;

// ---- checkout and orders -------------------------------------------------------------------

export const CHECKOUT_STEPS = ['cart', 'billing', 'payment'] as const;

/** Luhn checksum over the digits of a card number. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): 'visa' | 'mastercard' | 'amex' | 'other' {
  const digits = number.replace(/[\s-]/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'other';
}

/** The card form. Nothing is charged; the server keeps the brand and the last four digits. */
export const paymentInputSchema = z
  .object({
    holder: z.string().trim().min(1, 'The name on the card is required.').max(120, 'Too long.'),
    number: z.string().trim().refine(luhnValid, 'This card number is not valid.'),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Use MM/YY.'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'The CVC is 3 or 4 digits.'),
  })
  .superRefine((p, ctx) => {
    const match = /^(\d{2})\/(\d{2})$/.exec(p.expiry);
    if (!match) return;
    const end = new Date(Date.UTC(2000 + Number(match[2]), Number(match[1]), 1));
    if (end.getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'This card has expired.' });
  });
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** POST /api/orders (header Idempotency-Key: a UUID per checkout attempt). The lines are the
 *  cart as the page shows it; the server prices them from the catalogue and checks stock. */
export const orderInputSchema = z.object({
  lines: z
    .array(
      z.object({
        id: z.uuid(),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        colors: z.array(hexColour).max(12),
        size: text(20).nullable(),
      }),
    )
    .min(1, 'The cart is empty.')
    .max(MAX_CART_LINES)
    .refine(
      (lines) => new Set(lines.map((line) => line.id)).size === lines.length,
      'Each product comes once; change its quantity instead.',
    ),
  billing: addressInputSchema,
  delivery: deliveryIdSchema,
  discountCode: text(40).nullable(),
  payment: paymentInputSchema,
});
export type OrderInput = z.infer<typeof orderInputSchema>;

/** The most an order may come to (subtotal and shipping), in cents: 10,000,000.00. */
export const MAX_ORDER_TOTAL = 1_000_000_000;

export const ORDER_STATUSES = [
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderLine {
  productId: string;
  name: string;
  slug: string;
  coverUrl: string;
  colors: string[];
  size: string | null;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface Order {
  id: string;
  /** human number, unique, increasing: "CD-000123" */
  number: string;
  userId: string;
  status: OrderStatus;
  lines: OrderLine[];
  billing: AddressInput;
  delivery: DeliveryId;
  currency: Currency;
  subtotal: number;
  discountCode: string | null;
  discount: number;
  shipping: number;
  total: number;
  payment: { brand: string; last4: string };
  history: { status: OrderStatus; at: string }[];
  createdAt: string;
}

/** GET /api/e-commerce/overview: a whole-store view for admins, one's own orders otherwise. */
export interface ShopOverview {
  scope: 'store' | 'mine';
  currency: Currency;
  totals: { sales: number; orders: number; itemsSold: number; averageOrder: number };
  /** the last 12 months, oldest first: month "YYYY-MM" */
  monthly: { month: string; sales: number; orders: number }[];
  bestSellers: {
    product: Pick<Product, 'id' | 'name' | 'slug' | 'images' | 'category'>;
    sold: number;
    sales: number;
  }[];
  latestOrders: Pick<Order, 'id' | 'number' | 'status' | 'total' | 'createdAt'>[];
}
