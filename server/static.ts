// Serves the built PWA from dist/. index.html, sw.js and the manifest must be revalidated
// on every load (`no-cache`) so a new deploy is seen; files under assets/ carry a content
// hash in their name and are cached forever (`immutable`). Paths without an extension that
// are not API paths fall back to index.html so client-side routes can be reloaded, with the
// status the client's route table gives the path (contracts/paths.ts): 200 for a page, 404 for a
// path no route matches (an unknown /dashboard/… path too, which the app shows as the 404 in
// its frame), 403/404/500 for those error pages. Monitors and crawlers read the status; the
// browser still gets the app, which renders its error view.
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

import { navigationStatus } from './contracts/paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** CSP sources (`'sha256-…'`) for the inline scripts of the built pages, as the build wrote
 *  them (`inline-scripts.json`, vite.config.ts: the colour scheme's script, src/app/theme-init.js):
 *  the policy allows exactly those and no other inline script. None when there is no build. */
export function inlineScriptHashes(rootDir: string): string[] {
  try {
    const { scriptSrc } = JSON.parse(readFileSync(path.resolve(rootDir, 'inline-scripts.json'), 'utf8')) as {
      scriptSrc?: unknown;
    };
    return Array.isArray(scriptSrc) ? scriptSrc.filter((s): s is string => typeof s === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(s)) : [];
  } catch {
    return [];
  }
}

export function createStaticHandler(rootDir: string) {
  const root = path.resolve(rootDir);

  async function readFile(rel: string): Promise<Buffer | null> {
    const full = path.resolve(root, `.${rel}`);
    if (full !== root && !full.startsWith(root + path.sep)) return null;
    try {
      const stat = await fs.stat(full);
      if (!stat.isFile()) return null;
      return await fs.readFile(full);
    } catch {
      return null;
    }
  }

  // The build writes `.br` and `.gz` siblings of text assets (vite.config.ts); sending them
  // cuts the sign-in page's transfer about fourfold on slow networks.
  async function compressed(c: Context, rel: string): Promise<{ body: Buffer; encoding: string } | null> {
    if (!COMPRESSIBLE.has(path.extname(rel).toLowerCase())) return null;
    const accept = c.req.header('Accept-Encoding') ?? '';
    for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (!accept.includes(encoding)) continue;
      const body = await readFile(rel + suffix);
      if (body) return { body, encoding };
    }
    return null;
  }

  async function respond(c: Context, rel: string, raw: Buffer, status: ContentfulStatusCode = 200) {
    const ext = path.extname(rel).toLowerCase();
    const packed = await compressed(c, rel);
    const body = packed?.body ?? raw;
    if (COMPRESSIBLE.has(ext)) c.header('Vary', 'Accept-Encoding');
    if (packed) c.header('Content-Encoding', packed.encoding);
    c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (NO_CACHE.has(rel)) c.header('Cache-Control', 'no-cache');
    else if (rel.startsWith('/assets/'))
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else c.header('Cache-Control', 'public, max-age=3600');
    if (c.req.method === 'HEAD') return c.body(null, status);
    return c.body(new Uint8Array(body), status);
  }

  return async (c: Context) => {
    const { pathname } = new URL(c.req.url);
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      return c.json({ error: 'Malformed URL.' }, 400);
    }
    if (rel === '/') rel = '/index.html';
    const file = await readFile(rel);
    if (file) return respond(c, rel, file);
    const isApi = rel.startsWith('/api/') || rel === '/api' || rel.startsWith('/trpc');
    if (!isApi && path.extname(rel) === '') {
      const index = await readFile('/index.html');
      if (index) return respond(c, '/index.html', index, navigationStatus(pathname));
      return c.text(
        'The app is not built yet: run `npm run build` (npm start does it for you).',
        503,
      );
    }
    return c.json({ error: 'Not found.' }, 404);
  };
}
