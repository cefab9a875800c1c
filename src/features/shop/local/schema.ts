import type { MirrorStore } from '@/lib/db-stores';

/** The cart's mirror: one row keyed `cart` (the same store an older version of the app declared). */
export const cartStore = { tables: { cart: 'id' } } satisfies MirrorStore;
