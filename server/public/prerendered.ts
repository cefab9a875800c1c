// The public pages prerendered at build time (scripts/prerender/: dist/<path>/index.html, and
// dist/prerendered.json listing them with the origin their canonical and social-card URLs were
// written for). A navigation to one of those paths gets its own HTML, which shows the page
// before any script runs; every other path keeps the SPA fallback (server/static.ts). When
// PUBLIC_URL names another origin than the build's, the page's absolute URLs are rewritten to
// it, and that copy is compressed here (once per file version) instead of the build's.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

import type { Context, Hono, Next } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import type { AppEnv } from '../context.ts';
import { navigationStatus } from '../contracts/paths.ts';

export interface PrerenderManifest {
  origin: string;
  pages: string[];
}

/** Only plain page paths (`/pricing`, `/legal/terms`): nothing a file name could escape with. */
const PAGE_PATH = /^(\/[a-z0-9-]+)+$/;

export function pagePath(requestPath: string): string | null {
  if (/^\/(api|trpc)(\/|$)/.test(requestPath)) return null;
  const trimmed = requestPath.length > 1 ? requestPath.replace(/\/+$/, '') : requestPath;
  return PAGE_PATH.test(trimmed) ? trimmed : null;
}

async function readManifest(staticDir: string): Promise<PrerenderManifest | null> {
  try {
    const raw = await fs.readFile(path.resolve(staticDir, 'prerendered.json'), 'utf8');
    const parsed = JSON.parse(raw) as Partial<PrerenderManifest>;
    if (typeof parsed.origin !== 'string' || !Array.isArray(parsed.pages)) return null;
    return { origin: parsed.origin, pages: parsed.pages.filter((p) => typeof p === 'string') };
  } catch {
    return null;
  }
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url.replace(/\/+$/, '');
  }
};

const rewrittenCopies = new Map<string, Buffer>();

/** The page with its absolute URLs on `origin`, compressed as the client accepts. */
async function rewritten(file: string, from: string, origin: string, accept: string): Promise<PrerenderedPage> {
  const encoding = accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : null;
  const { mtimeMs } = await fs.stat(file);
  const key = `${file}|${mtimeMs}|${origin}|${encoding}`;
  let body = rewrittenCopies.get(key);
  if (!body) {
    const html = Buffer.from((await fs.readFile(file, 'utf8')).replaceAll(from, origin));
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : encoding === 'gzip'
          ? zlib.gzipSync(html, { level: 9 })
          : html;
    if (rewrittenCopies.size > 100) rewrittenCopies.clear();
    rewrittenCopies.set(key, body);
  }
  return { body, encoding };
}

export interface PrerenderedPage {
  body: Buffer;
  /** 'br' or 'gzip' when `body` is the precompressed copy */
  encoding: string | null;
}

/** The prerendered HTML of `page` (a path from `pagePath`), for a client accepting `accept`. */
export async function readPrerenderedPage(
  staticDir: string,
  publicUrl: string,
  page: string,
  accept = '',
): Promise<PrerenderedPage | null> {
  const manifest = await readManifest(staticDir);
  if (!manifest?.pages.includes(page)) return null;
  const file = path.resolve(staticDir, `.${page}`, 'index.html');
  const origin = originOf(publicUrl);
  try {
    if (origin !== manifest.origin) return await rewritten(file, manifest.origin, origin, accept);
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (!accept.includes(encoding)) continue;
      try {
        return { body: await fs.readFile(file + suffix), encoding };
      } catch {
        // no precompressed copy (a small page): the plain one
      }
    }
    return { body: await fs.readFile(file), encoding: null };
  } catch {
    return null;
  }
}

/** Sends a prerendered page with `status` (its route's, or 503 for the maintenance page). */
export function sendPrerendered(
  c: Context,
  page: PrerenderedPage,
  status: ContentfulStatusCode = 200,
) {
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Vary', 'Accept-Encoding');
  c.header('Cache-Control', status === 200 ? 'no-cache' : 'no-store');
  if (page.encoding) c.header('Content-Encoding', page.encoding);
  if (c.req.method === 'HEAD') return c.body(null, status);
  return c.body(new Uint8Array(page.body), status);
}

async function servePrerendered(c: Context<AppEnv>, next: Next) {
  const page = pagePath(c.req.path);
  if (!page) return next();
  const { env } = c.var.deps;
  const found = await readPrerenderedPage(
    env.STATIC_DIR,
    env.PUBLIC_URL,
    page,
    c.req.header('Accept-Encoding'),
  );
  // the status the route table gives the page (an error page prerendered answers its code)
  return found ? sendPrerendered(c, found, navigationStatus(page)) : next();
}

/** Mounted before the static handler: GET and HEAD of the prerendered pages' paths. */
export function mountPrerenderedPages(app: Hono<AppEnv>) {
  app.on(['GET', 'HEAD'], '*', servePrerendered);
}
