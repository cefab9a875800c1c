import { and, desc } from 'drizzle-orm';

import { snippet } from '../contracts/search.ts';
import { blogPosts } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, type SearchSource } from '../search/source.ts';
import { readable } from './posts.ts';

/** Posts the searcher may read (published, plus their own drafts), by title, description and text. */
export const blogSearchSource: SearchSource = async (db, who, words) => {
  const rows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title, description: blogPosts.description, body: blogPosts.bodyText, at: blogPosts.updatedAt })
    .from(blogPosts)
    .where(
      and(
        readable(who.userId),
        everyWord(words, [blogPosts.title, blogPosts.description, blogPosts.bodyText]),
      ),
    )
    .orderBy(desc(blogPosts.updatedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.title, `${r.description} ${r.body}`, iso(r.at), {
        kind: 'post',
        id: r.id,
        detail: snippet(r.description || r.body, words),
        target: { kind: 'post', slug: r.slug },
      }),
    ),
  );
};
