import { desc, sql } from 'drizzle-orm';

import { users } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, low, type SearchSource } from '../search/source.ts';

/** Users by name, email and username; for admins only. */
export const userSearchSource: SearchSource = async (db, who, words) => {
  if (who.role !== 'admin') return [];
  const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const rows = await db
    .select({ id: users.id, slug: users.slug, fullName, email: users.email, username: users.username, at: users.createdAt })
    .from(users)
    .where(everyWord(words, [fullName, users.email, users.username]))
    .orderBy(desc(users.createdAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.fullName, '', iso(r.at), {
        kind: 'user',
        id: r.id,
        titleText: low(r.fullName, r.email, r.username),
        detail: r.email,
        target: { kind: 'user', slug: r.slug },
      }),
    ),
  );
};
