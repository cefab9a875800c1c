// The first answer for a published post's address (/blog/post/{slug} and the dashboard's
// /dashboard/blog/post/{slug}) is the app's index.html with the post's title, description,
// Open Graph and Twitter tags, its canonical (public) address and a preload of its cover: link
// previews and search engines read those without running the app, and the cover starts to
// download with the page. The visitors' address also carries the post itself as a JSON data
// block (never executed; `<` escaped), so their page renders without waiting for the API.
// Every value is HTML-escaped, and the page is compressed. Any other case (a draft, an unknown
// slug, no build) falls through to the static handler: the app itself answers it.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

import { eq } from 'drizzle-orm';
import type { Context, Hono, Next } from 'hono';

import type { AppEnv } from '../context.ts';
import { COVER_SIZES, coverSrcSet, EMBEDDED_POST_ID, type BlogPost } from '../contracts/blog.ts';
import { blogCovers } from '../db/schema/index.ts';
import { getPost } from './posts.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface ShareMeta {
  title: string;
  description: string;
  url: string;
  image: { url: string; cardUrl: string; width: number; height: number } | null;
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
          // the same candidates as the page's <img> (post-article.tsx), so the browser fetches one
          `<link rel="preload" as="image" href="${escapeHtml(new URL(meta.image.url).pathname)}" imagesrcset="${escapeHtml(coverSrcSet(meta.image.cardUrl, new URL(meta.image.url).pathname))}" imagesizes="${COVER_SIZES}" fetchpriority="high" />`,
        ]
      : []),
  ];
  // replacer functions: a `$&` or `$'` in a title is text, not a replacement pattern
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/** The post as the visitors' page asks for it, for it to render without another request. */
export function embeddedPost(post: BlogPost): string {
  const json = JSON.stringify({ post }).replace(/</g, '\\u003c').replace(/\u2028|\u2029/g, (ch) => `\\u${ch.charCodeAt(0).toString(16)}`);
  return `<script type="application/json" id="${EMBEDDED_POST_ID}">${json}</script>`;
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

async function sharePage(c: Context<AppEnv>, next: Next) {
  const slug = c.req.param('slug');
  const deps = c.var.deps;
  const db = deps.database.db;
  if (!slug || slug.length > 200) return next();
  let post: BlogPost;
  try {
    post = await getPost(db, null, { slug });
  } catch {
    return next();
  }
  let html: string;
  try {
    html = await fs.readFile(path.resolve(deps.env.STATIC_DIR, 'index.html'), 'utf8');
  } catch {
    return next();
  }
  const [cover] = post.coverId
    ? await db
        .select({ width: blogCovers.width, height: blogCovers.height })
        .from(blogCovers)
        .where(eq(blogCovers.id, post.coverId))
    : [];
  const base = deps.env.PUBLIC_URL.replace(/\/+$/, '');
  let page = withShareTags(html, {
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
  });
  if (!c.req.path.startsWith('/dashboard/')) page = page.replace('</body>', () => `  ${embeddedPost(post)}\n  </body>`);
  c.header('Cache-Control', 'no-cache');
  c.header('Content-Type', 'text/html; charset=utf-8');
  const body = compressed(c, page);
  return c.req.method === 'HEAD' ? c.body(null) : c.body(new Uint8Array(body));
}

/** Mounted before the static handler: GET and HEAD of the two post addresses. */
export function mountBlogSharePages(app: Hono<AppEnv>) {
  for (const pattern of ['/blog/post/:slug', '/dashboard/blog/post/:slug'])
    app.on(['GET', 'HEAD'], pattern, sharePage);
}
