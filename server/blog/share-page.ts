// The first answer for a published post's address carries the post's title, description,
// Open Graph and Twitter tags, its canonical (public) address and a preload of its cover: link
// previews and search engines read those without running the app, and the cover starts to
// download with the page.
// - The visitors' address, /blog/post/{slug}, is the whole post rendered here
//   (server/blog/public-page.ts): no app boots to show it. A draft or an unknown slug is a
//   404 page in the same frame.
// - The dashboard's, /dashboard/blog/post/{slug}, is the app's index.html with those tags; any
//   other case there (a draft, an unknown slug, no build) falls through to the static handler.
// Every value is HTML-escaped (server/contracts/html.ts), and the page is compressed.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

import { eq } from 'drizzle-orm';
import type { Context, Hono, Next } from 'hono';

import type { AppEnv } from '../context.ts';
import { COVER_SIZES, coverSrcSet, type BlogComment, type BlogPost } from '../contracts/blog.ts';
import { escapeHtml } from '../contracts/html.ts';
import { blogCovers } from '../db/schema/index.ts';
import { pageLanguage } from '../lib/language.ts';
import { listComments } from './comments.ts';
import { getPost } from './posts.ts';
import { chosenScheme, notFoundPage, publicPostPage, type PublicPageInput } from './public-page.ts';

export interface ShareMeta {
  title: string;
  description: string;
  url: string;
  image: { url: string; cardUrl: string; width: number; height: number } | null;
  author: string;
  publishedAt: string | null;
  tags: string[];
}

const pageTitle = (meta: ShareMeta) => escapeHtml(`${meta.title} · Clipdeck Blog`);

/** The post's sharing tags (Open Graph, Twitter, canonical, article, the cover's preload). */
export function shareTags(meta: ShareMeta): string[] {
  const description = escapeHtml(meta.description);
  return [
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
          // the same candidates as the page's <img> (post-article.tsx), so the browser fetches one
          `<link rel="preload" as="image" href="${escapeHtml(new URL(meta.image.url).pathname)}" imagesrcset="${escapeHtml(coverSrcSet(meta.image.cardUrl, new URL(meta.image.url).pathname))}" imagesizes="${COVER_SIZES}" fetchpriority="high" />`,
        ]
      : []),
  ];
}

/** The head of the visitors' page: title, description and the sharing tags. */
export function publicHead(meta: ShareMeta): string {
  return [
    `<title>${pageTitle(meta)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    ...shareTags(meta),
  ].join('\n    ');
}

/** index.html with the post's head tags in place of the app's own title and description. */
export function withShareTags(html: string, meta: ShareMeta): string {
  const title = pageTitle(meta);
  const description = escapeHtml(meta.description);
  const tags = shareTags(meta);
  // replacer functions: a `$&` or `$'` in a title is text, not a replacement pattern
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** Brotli or gzip, as the browser accepts (the page is a few kB; compressing costs little). */
function compressed(c: Context<AppEnv>, html: string) {
  const accept = c.req.header('Accept-Encoding') ?? '';
  c.header('Vary', 'Accept-Encoding');
  if (/\bbr\b/.test(accept)) {
    c.header('Content-Encoding', 'br');
    return zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accept)) {
    c.header('Content-Encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return Buffer.from(html);
}

function send(c: Context<AppEnv>, html: string, status: 200 | 404, vary: string) {
  c.header('Cache-Control', 'no-cache');
  c.header('Content-Type', 'text/html; charset=utf-8');
  const body = compressed(c, html);
  c.header('Vary', `Accept-Encoding, ${vary}`);
  c.status(status);
  return c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(body));
}

/** The published post, or null (a draft, a removed post, an unknown or overlong slug). */
async function publishedPost(c: Context<AppEnv>): Promise<BlogPost | null> {
  const slug = c.req.param('slug');
  if (!slug || slug.length > 200) return null;
  try {
    return await getPost(c.var.deps.database.db, null, { slug });
  } catch {
    return null;
  }
}

async function coverSize(c: Context<AppEnv>, post: BlogPost) {
  if (!post.coverId) return null;
  const [cover] = await c.var.deps.database.db
    .select({ width: blogCovers.width, height: blogCovers.height })
    .from(blogCovers)
    .where(eq(blogCovers.id, post.coverId));
  return cover ?? null;
}

function shareMeta(c: Context<AppEnv>, post: BlogPost, cover: { width: number; height: number } | null): ShareMeta {
  const base = c.var.deps.env.PUBLIC_URL.replace(/\/+$/, '');
  return {
    title: post.title,
    description: post.excerpt,
    url: `${base}/blog/post/${encodeURIComponent(post.slug)}`,
    image:
      post.coverUrl && post.coverCardUrl && cover
        ? { url: base + post.coverUrl, cardUrl: post.coverCardUrl, width: cover.width, height: cover.height }
        : null,
    author: post.author.name,
    publishedAt: post.publishedAt,
    tags: post.tags,
  };
}

/** /blog/post/{slug}: the post as a page of its own, or the 404 page. */
async function publicPage(c: Context<AppEnv>) {
  const slug = c.req.param('slug') ?? '';
  const input: Omit<PublicPageInput, 'head'> = {
    language: pageLanguage(c.req.header('Accept-Language'), c.req.query('lang')),
    scheme: chosenScheme(c.req.header('Cookie')),
    dashboardPath: `/dashboard/blog/post/${encodeURIComponent(slug)}`,
  };
  const vary = 'Accept-Language, Cookie';
  const post = await publishedPost(c);
  if (!post) return send(c, notFoundPage({ ...input, head: '' }), 404, vary);
  let comments: BlogComment[];
  try {
    comments = await listComments(c.var.deps.database.db, null, post.id);
  } catch {
    // unpublished between the two reads
    return send(c, notFoundPage({ ...input, head: '' }), 404, vary);
  }
  const cover = await coverSize(c, post);
  const head = publicHead(shareMeta(c, post, cover));
  return send(c, publicPostPage(post, comments, cover, { ...input, head }), 200, vary);
}

/** /dashboard/blog/post/{slug}: the app's index.html with the post's head tags. */
async function dashboardPage(c: Context<AppEnv>, next: Next) {
  const post = await publishedPost(c);
  if (!post) return next();
  let html: string;
  try {
    html = await fs.readFile(path.resolve(c.var.deps.env.STATIC_DIR, 'index.html'), 'utf8');
  } catch {
    return next();
  }
  const page = withShareTags(html, shareMeta(c, post, await coverSize(c, post)));
  c.header('Cache-Control', 'no-cache');
  c.header('Content-Type', 'text/html; charset=utf-8');
  const body = compressed(c, page);
  return c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(body));
}

/** Mounted before the static handler: GET and HEAD of the two post addresses. */
export function mountBlogSharePages(app: Hono<AppEnv>) {
  app.on(['GET', 'HEAD'], '/blog/post/:slug', publicPage);
  app.on(['GET', 'HEAD'], '/dashboard/blog/post/:slug', dashboardPage);
}
