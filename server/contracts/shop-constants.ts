// The shop's fixed lists and limits, free of zod: the shop grid, its filters and the stock
// badge load these without the contracts' validation code (./shop.ts re-exports them).
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PRODUCT_CATEGORIES = [
  'shirts',
  'hoodies',
  'caps',
  'mugs',
  'posters',
  'prints',
  'stickers',
  'accessories',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRODUCT_GENDERS = ['men', 'women', 'kids', 'unisex'] as const;
export type ProductGender = (typeof PRODUCT_GENDERS)[number];

export const PRODUCT_SIZES = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  'A4',
  'A3',
  'A2',
  'One size',
] as const;

export const PRODUCT_SORTS = ['featured', 'newest', 'priceAsc', 'priceDesc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A stock at or below this is shown as "low stock". */
export const LOW_STOCK = 10;
export const MAX_PRODUCT_IMAGES = 8;
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Products per page when the list is paged. */
export const PRODUCT_PAGE_SIZE = 24;

/** The highest price of a product, in cents. */
export const MAX_PRICE = 100_000_000;
