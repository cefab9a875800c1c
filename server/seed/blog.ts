// The demo blog: posts by the demo users with generated covers, comments and replies, a
// couple of drafts. Idempotent: it writes nothing when the first demo post exists.
import { eq, sql } from 'drizzle-orm';

import { createComment } from '../blog/comments.ts';
import { storeCover } from '../blog/cover-store.ts';
import { createPost } from '../blog/write.ts';
import type { AppDeps } from '../context.ts';
import { postSlug } from '../contracts/blog.ts';
import { blogComments, blogPosts } from '../db/schema/index.ts';
import { coverPng } from './blog-covers.ts';
import { DEMO_COMMENTS, DEMO_POSTS } from './blog-posts.ts';
import type { DemoUsers } from './demo-users.ts';

const DAY_MS = 86_400_000;

export async function seedBlog(deps: AppDeps, demoUsers: DemoUsers): Promise<void> {
  const db = deps.database.db;
  const first = DEMO_POSTS[0]!;
  const [existing] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(eq(blogPosts.slug, postSlug(first.title)))
    .limit(1);
  if (existing) return;

  const now = Date.now();
  const postIds: string[] = [];
  for (const [index, spec] of DEMO_POSTS.entries()) {
    const author = demoUsers[spec.author]!;
    const png = await coverPng(spec.cover, index + 7);
    const cover = await storeCover(deps, author.id, png, 'image/png');
    const id = await createPost(db, author.id, {
      title: spec.title,
      description: spec.description,
      coverId: cover.id,
      body: spec.body,
      tags: spec.tags,
      status: spec.daysAgo === undefined ? 'draft' : 'published',
    });
    const at = new Date(now - (spec.daysAgo ?? 2) * DAY_MS - index * 3_600_000);
    await db
      .update(blogPosts)
      .set({
        createdAt: at,
        updatedAt: at,
        publishedAt: spec.daysAgo === undefined ? null : at,
        viewCount: spec.views ?? 0,
      })
      .where(eq(blogPosts.id, id));
    postIds.push(id);
  }

  const commentIds: string[] = [];
  for (const [index, [postIndex, authorKey, text, replyTo]] of DEMO_COMMENTS.entries()) {
    const id = await createComment(db, demoUsers[authorKey]!.id, {
      postId: postIds[postIndex]!,
      parentId: replyTo === undefined ? null : commentIds[replyTo]!,
      body: text,
    });
    commentIds.push(id);
    // comments follow their post, an hour or so apart
    const spec = DEMO_POSTS[postIndex]!;
    const at = now - (spec.daysAgo ?? 0) * DAY_MS + (index + 1) * 3_600_000;
    await db
      .update(blogComments)
      .set({ createdAt: new Date(Math.min(at, now - 60_000)) })
      .where(eq(blogComments.id, id));
  }
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
  deps.log.info('demo blog ready', { posts: Number(n), comments: commentIds.length });
}
