// Reads of blog posts. What a caller may see is one rule, `readable`: every published post
// whose author is not banned, and the caller's own drafts. A draft asked for by anyone else is
// "not found", never "forbidden", so a draft's existence does not leak.
// While a user is banned their posts and comments are hidden from everyone, everywhere a post
// or a comment is read (the API, the lists and counts, the palette's search, the server-rendered
// post page): the rows stay, and come back as they were when the ban is lifted. A reply to a
// hidden comment is hidden with it (it would stand without what it answers).
import { and, asc, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

import type {
  BlogPost,
  BlogPostList,
  BlogPostSummary,
  PostListParams,
} from '../contracts/blog.ts';
import type { Executor } from '../db/client.ts';
import { blogComments, blogPosts, users } from '../db/schema/index.ts';
import { notFound, unauthorized } from '../lib/errors.ts';
import { coverUrl } from './cover-store.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The user is not banned (`author` is a column holding a user id). */
export const notBanned = (author: SQL | AnyColumn) =>
  sql`not exists (select 1 from ${users} as banned where banned.id = ${author} and banned.status = 'banned')`;

/** A comment anyone may read: its writer, and the writer of the comment it replies to, are not banned. */
export const visibleComment: SQL = sql`(${notBanned(blogComments.authorId)} and not exists (
  select 1 from ${blogComments} as answered join ${users} as banned on banned.id = answered.author_id
   where answered.id = ${blogComments.parentId} and banned.status = 'banned'))`;

const commentCount = sql<number>`(select count(*)::int from ${blogComments} where ${blogComments.postId} = ${blogPosts.id} and ${visibleComment})`;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  description: blogPosts.description,
  bodyStart: sql<string>`left(${blogPosts.bodyText}, 400)`,
  coverId: blogPosts.coverId,
  tags: blogPosts.tags,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  viewCount: blogPosts.viewCount,
  commentCount,
  authorId: users.id,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorSlug: users.slug,
  authorAvatar: users.avatarUrl,
  authorAbout: users.about,
};

function selectSummaries(db: Executor) {
  return db.select(summaryColumns).from(blogPosts).innerJoin(users, eq(users.id, blogPosts.authorId));
}
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** Published posts of authors who are not banned, and the viewer's own posts. */
export function readable(viewerId: string | null): SQL {
  const published = and(eq(blogPosts.status, 'published'), notBanned(blogPosts.authorId))!;
  return viewerId ? or(published, eq(blogPosts.authorId, viewerId))! : published;
}

/** About two lines of text, cut at a word. */
export function excerptOf(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

function toSummary(row: SummaryRow, viewerId: string | null): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    excerpt: row.description || excerptOf(row.bodyStart),
    coverId: row.coverId,
    coverUrl: coverUrl(row.coverId),
    coverCardUrl: coverUrl(row.coverId, 'card'),
    tags: row.tags,
    status: row.status,
    author: {
      id: row.authorId,
      name: `${row.authorFirstName} ${row.authorLastName}`.trim(),
      slug: row.authorSlug,
      avatarUrl: row.authorAvatar,
      about: row.authorAbout,
    },
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    viewCount: row.viewCount,
    commentCount: Number(row.commentCount),
    isMine: row.authorId === viewerId,
  };
}

const ORDER: Record<PostListParams['sort'], SQL[]> = {
  latest: [desc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.updatedAt})`), desc(blogPosts.id)],
  popular: [desc(blogPosts.viewCount), desc(commentCount), desc(blogPosts.publishedAt), desc(blogPosts.id)],
  oldest: [asc(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`), asc(blogPosts.id)],
};

export async function listPosts(
  db: Executor,
  viewerId: string | null,
  query: PostListParams,
): Promise<BlogPostList> {
  const where: SQL[] = [readable(viewerId)];
  if (query.scope !== 'all') {
    if (!viewerId) throw unauthorized('Sign in to see your own posts.');
    where.push(eq(blogPosts.authorId, viewerId));
    if (query.scope === 'drafts') where.push(eq(blogPosts.status, 'draft'));
  }
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${escapeLike(word)}%`;
    where.push(
      sql`(${blogPosts.title} ilike ${pattern} or ${blogPosts.description} ilike ${pattern} or ${blogPosts.bodyText} ilike ${pattern} or array_to_string(${blogPosts.tags}, ' ') ilike ${pattern})`,
    );
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    selectSummaries(db)
      .where(filter)
      .orderBy(...ORDER[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(filter),
  ]);
  return {
    posts: rows.map((row) => toSummary(row, viewerId)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.limit,
  };
}

/** One post the viewer may read, by slug or id; 404 otherwise. */
export async function getPost(
  db: Executor,
  viewerId: string | null,
  by: { slug: string } | { id: string },
): Promise<BlogPost> {
  const key = 'slug' in by ? eq(blogPosts.slug, by.slug) : eq(blogPosts.id, by.id);
  const [row] = await db
    .select({ ...summaryColumns, body: blogPosts.bodyHtml })
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(key, readable(viewerId)))
    .limit(1);
  if (!row) throw notFound('No such post.');
  return { ...toSummary(row, viewerId), body: row.body };
}
