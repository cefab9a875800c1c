// The blog's payloads, shared by the server routes and the editor form. Posts are shared
// content: a published post (and its comments) is readable by anyone, signed in or not; a
// draft only by its author. A post's URL name (`slug`) is made from its title by `postSlug`,
// unique across posts (a number is added on a collision: `my-title-2`), and fixed once the
// post has been published so shared links keep working.
//
// Bodies are HTML from the rich-text editor, sanitised on the server before they are stored;
// comments are plain text (the page renders them as text, never as HTML).
import { z } from 'zod';

import { slugify } from './slug.ts';

export const BLOG_SORTS = ['latest', 'popular', 'oldest'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const MAX_TITLE = 150;
export const MAX_DESCRIPTION = 300;
export const MAX_BODY = 200_000;
export const MAX_TAGS = 10;
export const MAX_TAG = 30;
export const MAX_COMMENT = 2000;
export const POSTS_PAGE_SIZE = 12;
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CoverType = (typeof COVER_TYPES)[number];

/** The cover's two sizes as an <img srcset> (the card's is 800 px wide, the full one 1600) and
 *  the widths the post page shows it at: phones get the smaller file. */
export const coverSrcSet = (cardUrl: string, url: string) => `${cardUrl} 800w, ${url} 1600w`;
export const COVER_SIZES = '(min-width: 75em) 760px, (min-width: 62em) 62vw, 100vw';

/** The URL name made from a title: letters and digits of any script, joined by hyphens. */
export const postSlug = (title: string) => slugify(title, { letters: 'any', fallback: 'post' });

const title = z
  .string({ error: 'Title is required.' })
  .trim()
  .min(1, 'Title is required.')
  .max(MAX_TITLE, `Title is too long (${MAX_TITLE} characters at most).`);

const description = z
  .string({ error: 'Description must be text.' })
  .trim()
  .max(MAX_DESCRIPTION, `Description is too long (${MAX_DESCRIPTION} characters at most).`);

const body = z
  .string({ error: 'Body must be text.' })
  .max(MAX_BODY, `Body is too long (${MAX_BODY.toLocaleString('en')} characters at most).`);

const tags = z
  .array(
    z
      .string({ error: 'A tag must be text.' })
      .trim()
      .min(1, 'A tag cannot be empty.')
      .max(MAX_TAG, `A tag is at most ${MAX_TAG} characters.`),
    { error: 'Tags must be a list.' },
  )
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags.`)
  .transform((list) => [...new Map(list.map((t) => [t.toLowerCase(), t])).values()]);

const coverId = z.uuid({ error: 'Unknown cover image.' }).nullable();
const status = z.enum(POST_STATUSES, { error: 'Status must be draft or published.' });

/** What the editor sends. A published post needs a body; a draft may be empty. */
export const postInputSchema = z
  .object({
    title,
    description: description.default(''),
    coverId: coverId.default(null),
    body: body.default(''),
    tags: tags.default([]),
    status: status.default('draft'),
  })
  .superRefine((post, ctx) => {
    if (post.status === 'published' && !hasText(post.body))
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write the post before publishing it.' });
  });
export type PostInput = z.input<typeof postInputSchema>;
export type PostFields = z.output<typeof postInputSchema>;

/** An update sends only the fields that changed (no defaults: a missing field is kept). */
export const postUpdateSchema = z.object({
  id: z.uuid({ error: 'Unknown post.' }),
  post: z
    .object({ title, description, coverId, body, tags, status })
    .partial()
    .strict(),
});

export const postIdSchema = z.object({ id: z.uuid({ error: 'Unknown post.' }) });
export const publishSchema = z.object({
  id: z.uuid({ error: 'Unknown post.' }),
  published: z.boolean({ error: 'published must be true or false.' }),
});

export const postListQuery = z.object({
  q: z.string().trim().max(200, 'The search is too long.').optional(),
  sort: z.enum(BLOG_SORTS, { error: 'Sort by latest, popular or oldest.' }).default('latest'),
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int('page must be a whole number.')
    .min(1, 'page must be 1 or more.')
    .max(10_000, 'page is too large.')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be 1 or more.')
    .max(48, 'limit is at most 48.')
    .default(POSTS_PAGE_SIZE),
  /** `mine`: only the caller's posts (drafts included); `drafts`: only the caller's drafts. */
  scope: z.enum(['all', 'mine', 'drafts'], { error: 'scope is all, mine or drafts.' }).default('all'),
});
export type PostListQuery = z.input<typeof postListQuery>;
export type PostListParams = z.output<typeof postListQuery>;

export const slugQuery = z.object({
  slug: z.string({ error: 'slug is required.' }).trim().min(1, 'slug is required.').max(200, 'slug is too long.'),
});

export const commentListQuery = z.object({ postId: z.uuid({ error: 'Unknown post.' }) });

/** Text without control characters other than tab and line feed. */
function withoutControls(text: string): string {
  return [...text]
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code === 9 || code === 10 || (code >= 32 && code !== 127);
    })
    .join('');
}

export const commentInputSchema = z.object({
  postId: z.uuid({ error: 'Unknown post.' }),
  /** Replying to a reply answers its thread: replies are one level deep. */
  parentId: z.uuid({ error: 'Unknown comment.' }).nullable().default(null),
  body: z
    .string({ error: 'Comment is required.' })
    .transform((text) => withoutControls(text.replace(/\r\n?/g, '\n')).trim())
    .pipe(
      z
        .string()
        .min(1, 'Comment is required.')
        .max(MAX_COMMENT, `Comment is too long (${MAX_COMMENT.toLocaleString('en')} characters at most).`),
    ),
});
export type CommentInput = z.input<typeof commentInputSchema>;

export const commentIdSchema = z.object({ commentId: z.uuid({ error: 'Unknown comment.' }) });

/** Whether HTML holds any visible text (the editor's empty document is `<p></p>`). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;
}

export interface BlogAuthor {
  id: string;
  name: string;
  slug: string;
  avatarUrl: string | null;
  about: string | null;
}

export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  description: string;
  /** the description, or the first lines of the body when it has none */
  excerpt: string;
  coverUrl: string | null;
  /** the cover at the list card's size (800 px wide) */
  coverCardUrl: string | null;
  coverId: string | null;
  tags: string[];
  status: PostStatus;
  author: BlogAuthor;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  viewCount: number;
  commentCount: number;
  /** The caller wrote it (may edit, publish, delete it). */
  isMine: boolean;
}

export interface BlogPost extends BlogPostSummary {
  /** sanitised HTML */
  body: string;
}

export interface BlogPostList {
  posts: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface BlogComment {
  id: string;
  postId: string;
  parentId: string | null;
  body: string;
  author: Pick<BlogAuthor, 'id' | 'name' | 'avatarUrl'>;
  createdAt: string;
  /** The caller may delete it (its writer, or the post's author). */
  canDelete: boolean;
}

/** A stored cover (served as WebP whatever it was uploaded as). */
export interface BlogCover {
  id: string;
  url: string;
  contentType: 'image/webp';
  size: number;
  width: number;
  height: number;
}
