import { entry, type LocalSource } from '@/lib/search/local-index';

import { cartTable } from './tables';

/** The cart's products as the palette finds them offline: by name, once each. */
export const cartPaletteSource: LocalSource = {
  table: cartTable.tableName,
  groupBy: (e) => e.hit.id,
  load: async () =>
    (await cartTable().toArray()).flatMap((cart) =>
      cart.items.map((item) =>
        entry(item.name, '', cart.updatedAt, {
          kind: 'product',
          id: item.id,
          title: item.name,
          detail: '',
          target: { kind: 'product', slug: item.slug },
        }),
      ),
    ),
};
