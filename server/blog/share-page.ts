// The first answer for a published post's address (/blog/post/{slug} and the dashboard's
// /dashboard/blog/post/{slug}) is the app's index.html with the post's title, description,
// Open Graph and Twitter tags, its canonical (public) address and a preload of its cover: link
// previews and search engines read those without running the app, and the cover starts to
// download with the page. Every value is HTML-escaped. Any other case (a draft, an unknown
// slug, no build) falls through to the static handler: the app itself answers it.
import fs from 'node:fs/promises';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import type { Context, Hono, Next } from 'hono';

import type { AppEnv } from '../context.ts';
import { blogCovers, blogPosts, users } from '../db/schema/index.ts';
import { coverUrl } from './cover-store.ts';
import { excerptOf } from './posts.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface ShareMeta {
  title: string;
  description: string;
  url: string;
  image: { url: string; width: number; height: number } | null;
  author: string;
  publishedAt: string | null;
  tags: string[];
}

/** index.html with the post's head tags in place of the app's own title and description. */
export function withShareTags(html: string, meta: ShareMeta): string {
  const title = escapeHtml(`${meta.title} · Clipdeck Blog`);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Clipdeck" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta name="author" content="${escapeHtml(meta.author)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    ...(meta.publishedAt
      ? [`<meta property="article:published_time" content="${escapeHtml(meta.publishedAt)}" />`]
      : []),
    ...meta.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}" />`),
    ...(meta.image
      ? [
          `<meta property="og:image" content="${escapeHtml(meta.image.url)}" />`,
          `<meta property="og:image:type" content="image/webp" />`,
          `<meta property="og:image:width" content="${meta.image.width}" />`,
          `<meta property="og:image:height" content="${meta.image.height}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(meta.title)}" />`,
          `<link rel="preload" as="image" href="${escapeHtml(new URL(meta.image.url).pathname)}" fetchpriority="high" />`,
        ]
      : []),
  ];
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

async function sharePage(c: Context<AppEnv>, next: Next) {
  const slug = c.req.param('slug');
  const deps = c.var.deps;
  if (!slug || slug.length > 200) return next();
  const [post] = await deps.database.db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      description: blogPosts.description,
      bodyText: blogPosts.bodyText,
      coverId: blogPosts.coverId,
      coverWidth: blogCovers.width,
      coverHeight: blogCovers.height,
      tags: blogPosts.tags,
      publishedAt: blogPosts.publishedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(blogPosts)
    .innerJoin(users, eq(users.id, blogPosts.authorId))
    .leftJoin(blogCovers, eq(blogCovers.id, blogPosts.coverId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
    .limit(1);
  if (!post) return next();
  let html: string;
  try {
    html = await fs.readFile(path.resolve(deps.env.STATIC_DIR, 'index.html'), 'utf8');
  } catch {
    return next();
  }
  const base = deps.env.PUBLIC_URL.replace(/\/+$/, '');
  const cover = coverUrl(post.coverId);
  const page = withShareTags(html, {
    title: post.title,
    description: post.description || excerptOf(post.bodyText, 160),
    url: `${base}/blog/post/${encodeURIComponent(post.slug)}`,
    image:
      cover && post.coverWidth && post.coverHeight
        ? { url: base + cover, width: post.coverWidth, height: post.coverHeight }
        : null,
    author: `${post.firstName} ${post.lastName}`.trim(),
    publishedAt: post.publishedAt?.toISOString() ?? null,
    tags: post.tags,
  });
  c.header('Cache-Control', 'no-cache');
  c.header('Content-Type', 'text/html; charset=utf-8');
  return c.req.method === 'HEAD' ? c.body(null) : c.body(page);
}

/** Mounted before the static handler: GET and HEAD of the two post addresses. */
export function mountBlogSharePages(app: Hono<AppEnv>) {
  for (const pattern of ['/blog/post/:slug', '/dashboard/blog/post/:slug'])
    app.on(['GET', 'HEAD'], pattern, sharePage);
}
