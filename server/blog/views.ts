// The view count: a published post's view counts once per viewer and calendar day (UTC), so
// reloading, coming back from another page or the client refetching does not count again.
// A viewer is the signed-in user, or for visitors a hash of their client address and user
// agent (nothing that identifies them is stored). The author's own views never count. Each
// (post, viewer, day) is a row of `blog_post_views`; rows of earlier days are removed when the
// post counts its next view, so the table holds about one day of viewers per post.
import crypto from 'node:crypto';

import { and, eq, lt, sql } from 'drizzle-orm';

import type { Database } from '../db/client.ts';
import { blogPostViews, blogPosts } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';

const DAY_MS = 86_400_000;

export function viewerKey(userId: string | null, clientIp: string, userAgent: string): string {
  if (userId) return `u:${userId}`;
  const digest = crypto.createHash('sha256').update(`${clientIp}\n${userAgent}`).digest('hex');
  return `a:${digest.slice(0, 32)}`;
}

/** Counts a view; answers the post's view count and whether this view was counted. */
export async function countView(
  db: Database,
  postId: string,
  viewer: string,
  now = Date.now(),
): Promise<{ viewCount: number; counted: boolean }> {
  const day = Math.floor(now / DAY_MS);
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ authorId: blogPosts.authorId, status: blogPosts.status, viewCount: blogPosts.viewCount })
      .from(blogPosts)
      .where(eq(blogPosts.id, postId));
    if (!post || post.status !== 'published') throw notFound('No such post.');
    if (viewer === `u:${post.authorId}`) return { viewCount: post.viewCount, counted: false };
    const inserted = await tx
      .insert(blogPostViews)
      .values({ postId, viewer, day })
      .onConflictDoNothing()
      .returning({ day: blogPostViews.day });
    if (inserted.length === 0) return { viewCount: post.viewCount, counted: false };
    await tx.delete(blogPostViews).where(and(eq(blogPostViews.postId, postId), lt(blogPostViews.day, day)));
    const [updated] = await tx
      .update(blogPosts)
      .set({ viewCount: sql`${blogPosts.viewCount} + 1` })
      .where(eq(blogPosts.id, postId))
      .returning({ viewCount: blogPosts.viewCount });
    return { viewCount: updated!.viewCount, counted: true };
  });
}
