// Writing posts: only their author may change, publish or delete them. Bodies are sanitised
// here, before they are stored (server/mail/sanitize.ts's allow-list: formatting, headings,
// lists, quotes, code and http(s)/mailto links; no script, no event handler, no style).
//
// Slugs: made from the title; when taken, the first free `-2`, `-3`… is used. Two posts
// created at the same moment with the same title may pick the same one: the unique index
// refuses the second and it picks again. The slug follows the title while the post has never
// been published, and is fixed from its first publication on (shared links keep working).
import { and, eq, like, ne, or } from 'drizzle-orm';

import {
  hasText,
  postSlug,
  type PostFields,
  type PostStatus,
} from '../contracts/blog.ts';
import type { Executor } from '../db/client.ts';
import { blogCovers, blogPosts } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { htmlToText, sanitizeMailHtml } from '../mail/sanitize.ts';
import { dropUnusedCover } from './cover-store.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The first free slug for a title (`exceptId`: the post being renamed keeps its own). */
export async function freeSlug(db: Executor, title: string, exceptId?: string): Promise<string> {
  const base = postSlug(title);
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(
      and(
        or(eq(blogPosts.slug, base), like(blogPosts.slug, `${escapeLike(base)}-%`)),
        exceptId ? ne(blogPosts.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Retries a write that picks a slug when another writer took the same slug meanwhile. */
async function withFreeSlug<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 8) throw error;
    }
  }
}

function cleanBody(html: string) {
  const bodyHtml = sanitizeMailHtml(html);
  return { bodyHtml, bodyText: htmlToText(bodyHtml) };
}

async function checkCover(db: Executor, authorId: string, coverId: string | null | undefined) {
  if (!coverId) return;
  const [cover] = await db
    .select({ id: blogCovers.id })
    .from(blogCovers)
    .where(and(eq(blogCovers.id, coverId), eq(blogCovers.ownerId, authorId)));
  if (!cover) throw badRequest('Unknown cover image: upload it first.', { coverId: 'Unknown cover image.' });
}

function checkPublishable(status: PostStatus, bodyText: string) {
  if (status === 'published' && !hasText(bodyText))
    throw badRequest('Write the post before publishing it.', {
      body: 'Write the post before publishing it.',
    });
}

export async function createPost(db: Executor, authorId: string, input: PostFields): Promise<string> {
  await checkCover(db, authorId, input.coverId);
  const body = cleanBody(input.body);
  checkPublishable(input.status, body.bodyText);
  return withFreeSlug(async () => {
    const [row] = await db
      .insert(blogPosts)
      .values({
        authorId,
        slug: await freeSlug(db, input.title),
        title: input.title,
        description: input.description,
        coverId: input.coverId,
        ...body,
        tags: input.tags,
        status: input.status,
        publishedAt: input.status === 'published' ? new Date() : null,
      })
      .returning({ id: blogPosts.id });
    return row!.id;
  });
}

/**
 * The post as its author may change it: 404 when the caller cannot read it (someone else's
 * draft), 403 when they can read it but did not write it.
 */
export async function ownPost(db: Executor, userId: string, postId: string) {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  if (!post || (post.status === 'draft' && post.authorId !== userId)) throw notFound('No such post.');
  if (post.authorId !== userId) throw forbidden('Only the author can change this post.');
  return post;
}

/** Applies the changed fields; a cover no longer used goes. */
export async function updatePost(
  db: Executor,
  userId: string,
  postId: string,
  changes: Partial<PostFields>,
): Promise<void> {
  const post = await ownPost(db, userId, postId);
  if (changes.coverId !== undefined) await checkCover(db, userId, changes.coverId);
  const body = changes.body !== undefined ? cleanBody(changes.body) : null;
  const status = changes.status ?? post.status;
  checkPublishable(status, body?.bodyText ?? post.bodyText);
  const renamed = changes.title !== undefined && changes.title !== post.title && !post.publishedAt;
  await withFreeSlug(async () =>
    db
      .update(blogPosts)
      .set({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(renamed ? { slug: await freeSlug(db, changes.title!, postId) } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.coverId !== undefined ? { coverId: changes.coverId } : {}),
        ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
        ...(body ?? {}),
        status,
        publishedAt: status === 'published' ? (post.publishedAt ?? new Date()) : post.publishedAt,
        updatedAt: new Date(),
      })
      .where(eq(blogPosts.id, postId)),
  );
  if (changes.coverId !== undefined && changes.coverId !== post.coverId)
    await dropUnusedCover(db, post.coverId);
}

export async function setPublished(db: Executor, userId: string, postId: string, published: boolean) {
  await updatePost(db, userId, postId, { status: published ? 'published' : 'draft' });
}

/** Deletes the post (its comments and view records go with it) and its unused cover. */
export async function deletePost(db: Executor, userId: string, postId: string) {
  const post = await ownPost(db, userId, postId);
  await db.delete(blogPosts).where(eq(blogPosts.id, postId));
  await dropUnusedCover(db, post.coverId);
}
