// The view count: a published post's view counts once per client address and calendar day
// (UTC), and once per signed-in reader and day. A view is counted only when neither its address
// nor its reader has counted for the post that day, so reloading, coming back from another page,
// the client refetching, a second browser or a made-up User-Agent does not count again, and
// several accounts on one address count once. The address is the one app.ts resolved
// (`clientAddress`: behind TRUST_PROXY, the hop the trusted proxy appended, never a value the
// client wrote), stored only as a hash. The author's own views never count. Each (post, viewer,
// day) is a row of `blog_post_views`; rows of earlier days are removed when the post counts its
// next view, so the table holds about one day of viewers per post.
import crypto from 'node:crypto';

import { and, eq, lt, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { blogPostViews, blogPosts } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { readable } from './posts.ts';

const DAY_MS = 86_400_000;

/** The keys one view is counted under: the client address, and the reader when signed in. */
export function viewerKeys(userId: string | null, clientIp: string): string[] {
  const digest = crypto.createHash('sha256').update(`view-address\n${clientIp}`).digest('hex');
  const address = `a:${digest.slice(0, 32)}`;
  return userId ? [`u:${userId}`, address] : [address];
}

/** Counts a view; answers the post's view count and whether this view was counted. */
export async function countView(
  db: Database,
  postId: string,
  viewers: readonly string[],
  now = Date.now(),
): Promise<{ viewCount: number; counted: boolean }> {
  const day = Math.floor(now / DAY_MS);
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: blogPosts.authorId, viewCount: blogPosts.viewCount })
      .from(blogPosts)
      .where(and(eq(blogPosts.id, postId), readable(null)));
    if (!post) throw notFound('No such post.');
    if (viewers.includes(`u:${post.authorId}`)) return { viewCount: post.viewCount, counted: false };
    // the (post, viewer, day) key decides: of two views at once under one key, one inserts it
    const inserted = await tx
      .insert(blogPostViews)
      .values(viewers.map((viewer) => ({ postId, viewer, day })))
      .onConflictDoNothing()
      .returning({ viewer: blogPostViews.viewer });
    if (inserted.length < viewers.length) return { viewCount: post.viewCount, counted: false };
    await tx.delete(blogPostViews).where(and(eq(blogPostViews.postId, postId), lt(blogPostViews.day, day)));
    const [updated] = await tx
      .update(blogPosts)
      .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
      .where(eq(blogPosts.id, postId))
      .returning({ viewCount: blogPosts.viewCount });
    return { viewCount: updated!.viewCount, counted: true };
  });
}
