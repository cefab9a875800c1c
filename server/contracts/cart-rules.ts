// The cart's rules (docs/product-rules.md#shop-cart-and-checkout) without zod: `applyCartChange`,
// `cartTotals` and the constants they use, so the page's cart mirror and its header count load them
// without the schema library (they run when the browser is idle after the first paint of any
// dashboard page). `./shop.ts` re-exports all of it with the schemas; the server imports it from
// there.
import type { Address, CartItemInput } from './shop.ts';

/** A cart line's quantity; also the most of one product an order takes. */
export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 50;

export const DELIVERY_OPTIONS = [
  { id: 'free', price: 0, days: '5–7' },
  { id: 'standard', price: 500, days: '3–5' },
  { id: 'express', price: 1500, days: '1–2' },
] as const;
export type DeliveryId = (typeof DELIVERY_OPTIONS)[number]['id'];

export interface CartItem extends CartItemInput {
  quantity: number;
}

export interface Cart {
  items: CartItem[];
  billing: Address | null;
  delivery: DeliveryId | null;
  discountCode: string | null;
  /** the code's percentage; the discount amount is derived from the subtotal */
  discountPercent: number;
  updatedAt: string;
}

export interface CartTotals {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  totalItems: number;
}

export const emptyCart = (): Cart => ({
  items: [],
  billing: null,
  delivery: null,
  discountCode: null,
  discountPercent: 0,
  updatedAt: new Date(0).toISOString(),
});

/** total = subtotal − discount + shipping; all integers. */
export function cartTotals(cart: Pick<Cart, 'items' | 'delivery' | 'discountPercent'>): CartTotals {
  const subtotal = cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const discount = Math.min(subtotal, Math.round((subtotal * cart.discountPercent) / 100));
  const shipping = cart.items.length
    ? (DELIVERY_OPTIONS.find((o) => o.id === cart.delivery)?.price ?? 0)
    : 0;
  return {
    subtotal,
    discount,
    shipping,
    total: subtotal - discount + shipping,
    totalItems: cart.items.reduce((sum, item) => sum + item.quantity, 0),
  };
}

/** The cart's queued changes: the request bodies of /api/cart/* (`cartChangeSchemas` of
 *  ./shop.ts checks them) and the mirror's operations. */
export type CartChange =
  | { type: 'add'; body: { item: CartItemInput } }
  | { type: 'increase'; body: { id: string } }
  | { type: 'decrease'; body: { id: string } }
  | { type: 'delete'; body: { id: string } }
  | { type: 'billing'; body: { address: Address | null } }
  | { type: 'delivery'; body: { delivery: DeliveryId } }
  | { type: 'reset'; body: Record<string, never> };

/** The path each change is sent to (POST, queued, idempotent). */
export const CART_CHANGE_PATHS: Record<CartChange['type'], string> = {
  add: '/api/cart/items/add',
  increase: '/api/cart/items/increase',
  decrease: '/api/cart/items/decrease',
  delete: '/api/cart/items/delete',
  billing: '/api/cart/billing',
  delivery: '/api/cart/delivery',
  reset: '/api/cart/reset',
};

/** Why a change could not apply; the server answers 422 naming the field. */
export class CartRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The cart's rules, pure: a new cart, never the one given. Raising past the stock known
 * at add time or MAX_LINE_QUANTITY, adding a 51st line, or a product in another currency than
 * the cart's (totals never add two currencies), is refused (CartRuleError); a change to an
 * item no longer in the cart (deleted on another device) changes nothing.
 */
export function applyCartChange(cart: Cart, change: CartChange, now = new Date()): Cart {
  const next: Cart = {
    ...cart,
    items: cart.items.map((i) => ({ ...i })),
    updatedAt: now.toISOString(),
  };
  const limit = (item: CartItem) => Math.min(MAX_LINE_QUANTITY, Math.max(1, item.available));
  switch (change.type) {
    case 'add': {
      const input = change.body.item;
      const existing = next.items.find((i) => i.id === input.id);
      if (existing) {
        if (existing.quantity >= limit({ ...existing, available: input.available }))
          throw new CartRuleError('quantity', 'No more of this product is available.');
        existing.quantity += 1;
        existing.colors = [...new Set([...existing.colors, ...input.colors])];
        existing.size = input.size ?? existing.size;
        existing.available = input.available;
      } else {
        const currency = next.items[0]?.currency;
        if (currency && currency !== input.currency)
          throw new CartRuleError(
            'currency',
            `Your cart is in ${currency}; order this product (${input.currency}) separately.`,
          );
        if (next.items.length >= MAX_CART_LINES)
          throw new CartRuleError('items', `A cart holds ${MAX_CART_LINES} products at most.`);
        if (input.available < 1)
          throw new CartRuleError('quantity', 'This product is out of stock.');
        next.items.push({ ...input, colors: [...new Set(input.colors)], quantity: 1 });
      }
      return next;
    }
    case 'increase': {
      const item = next.items.find((i) => i.id === change.body.id);
      if (!item) return next;
      if (item.quantity >= limit(item))
        throw new CartRuleError('quantity', 'No more of this product is available.');
      item.quantity += 1;
      return next;
    }
    case 'decrease': {
      const item = next.items.find((i) => i.id === change.body.id);
      if (item && item.quantity > 1) item.quantity -= 1;
      return next;
    }
    case 'delete':
      next.items = next.items.filter((i) => i.id !== change.body.id);
      return next;
    case 'billing':
      next.billing = change.body.address;
      return next;
    case 'delivery':
      next.delivery = change.body.delivery;
      return next;
    case 'reset':
      return { ...emptyCart(), updatedAt: now.toISOString() };
  }
}
