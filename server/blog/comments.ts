// Comments on posts: anyone who may read a post may read its comments (signed out too);
// signed-in users may comment on published posts. Replies are one level deep: a reply to a
// reply joins the thread of the top-level comment. A comment may be deleted by whoever wrote
// it and by the post's author (deleting a top-level comment deletes its replies). Bodies are
// plain text, validated by the contract and rendered as text by the page. A banned user's
// comments, and the replies to them, are hidden while the ban lasts (`visibleComment`).
import { and, asc, eq, sql } from 'drizzle-orm';

import type { BlogComment } from '../contracts/blog.ts';
import type { Executor } from '../db/client.ts';
import { blogComments, blogPosts, users } from '../db/schema/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { readable, visibleComment } from './posts.ts';

/** Comments a post may hold; more answer 422 naming `body`. */
export const MAX_COMMENTS_PER_POST = 5000;

async function readablePost(db: Executor, viewerId: string | null, postId: string) {
  const [post] = await db
    .select({ id: blogPosts.id, authorId: blogPosts.authorId, status: blogPosts.status })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, postId), readable(viewerId)));
  if (!post) throw notFound('No such post.');
  return post;
}

export async function listComments(
  db: Executor,
  viewerId: string | null,
  postId: string,
): Promise<BlogComment[]> {
  const post = await readablePost(db, viewerId, postId);
  const rows = await db
    .select({
      id: blogComments.id,
      parentId: blogComments.parentId,
      body: blogComments.body,
      createdAt: blogComments.createdAt,
      authorId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
    })
    .from(blogComments)
    .innerJoin(users, eq(users.id, blogComments.authorId))
    .where(and(eq(blogComments.postId, postId), visibleComment))
    .orderBy(asc(blogComments.createdAt), asc(blogComments.id))
    .limit(MAX_COMMENTS_PER_POST);
  return rows.map((row) => ({
    id: row.id,
    postId,
    parentId: row.parentId,
    body: row.body,
    author: {
      id: row.authorId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      avatarUrl: row.avatarUrl,
    },
    createdAt: row.createdAt.toISOString(),
    canDelete: !!viewerId && (viewerId === row.authorId || viewerId === post.authorId),
  }));
}

export async function createComment(
  db: Executor,
  userId: string,
  input: { postId: string; parentId: string | null; body: string },
): Promise<string> {
  const post = await readablePost(db, userId, input.postId);
  if (post.status !== 'published')
    throw new ApiError(409, 'Publish the post before it can be discussed.', {
      postId: 'The post is a draft.',
    });
  let parentId: string | null = null;
  if (input.parentId) {
    const [parent] = await db
      .select({ id: blogComments.id, parentId: blogComments.parentId })
      .from(blogComments)
      .where(and(eq(blogComments.id, input.parentId), eq(blogComments.postId, post.id), visibleComment));
    if (!parent) throw badRequest('The comment you reply to is gone.', { parentId: 'Unknown comment.' });
    parentId = parent.parentId ?? parent.id;
  }
  return db.transaction(async (tx) => {
    // one writer at a time per post, so the bound holds under concurrent comments
    await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.id, post.id)).for('update');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(blogComments)
      .where(eq(blogComments.postId, post.id));
    if (Number(count?.n ?? 0) >= MAX_COMMENTS_PER_POST)
      throw new ApiError(422, 'This post has as many comments as it can hold.', {
        body: 'The post has too many comments.',
      });
    const [row] = await tx
      .insert(blogComments)
      .values({ postId: post.id, authorId: userId, parentId, body: input.body })
      .returning({ id: blogComments.id });
    return row!.id;
  });
}

export async function deleteComment(db: Executor, userId: string, commentId: string) {
  const [row] = await db
    .select({
      id: blogComments.id,
      authorId: blogComments.authorId,
      postAuthorId: blogPosts.authorId,
      status: blogPosts.status,
    })
    .from(blogComments)
    .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
    .where(eq(blogComments.id, commentId));
  if (!row || (row.status === 'draft' && row.postAuthorId !== userId))
    throw notFound('No such comment.');
  if (row.authorId !== userId && row.postAuthorId !== userId)
    throw forbidden('Only its writer or the post’s author can delete this comment.');
  await db.delete(blogComments).where(eq(blogComments.id, commentId));
}
