import { and, desc, eq } from 'drizzle-orm';

import { products } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, type SearchSource } from '../search/source.ts';

/** Published products, which anyone may read, by their search text. */
export const productSearchSource: SearchSource = async (db, _who, words) => {
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug, text: products.searchText, category: products.category, at: products.createdAt })
    .from(products)
    .where(and(eq(products.published, true), everyWord(words, [products.searchText])))
    .orderBy(desc(products.createdAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.name, r.text, iso(r.at), {
        kind: 'product',
        id: r.id,
        detail: r.category,
        target: { kind: 'product', slug: r.slug },
      }),
    ),
  );
};
