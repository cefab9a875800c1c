// Maintenance mode (MAINTENANCE=on), the first thing every request meets after the security
// headers:
// - /api and /trpc answer 503 `{ error, maintenance: true }` with Retry-After
//   (MAINTENANCE_RETRY_AFTER) and `X-Clipdeck-Maintenance: on`, which tells the PWA to show its
//   maintenance page (src/lib/maintenance.ts) — a plain 503 from a proxy does not;
// - a page navigation (GET or HEAD of a path without a file extension) gets the prerendered
//   /maintenance page with the same status and headers, so people see why and crawlers come
//   back later; without a build, a sentence;
// - /healthz and the built files (scripts, styles, icons, the service worker) still answer:
//   the maintenance page needs them, and polls /healthz to notice the end of the maintenance.
import path from 'node:path';

import type { MiddlewareHandler } from 'hono';

import type { AppEnv } from '../context.ts';
import { readPrerenderedPage, sendPrerendered } from './prerendered.ts';

export const MAINTENANCE_HEADER = 'X-Clipdeck-Maintenance';
export const MAINTENANCE_MESSAGE =
  'Clipdeck is down for maintenance. Please try again in a few minutes.';
export const MAINTENANCE_PAGE = '/maintenance';

export const maintenanceGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { env } = c.var.deps;
  if (env.MAINTENANCE !== 'on') return next();
  const requestPath = c.req.path;
  if (requestPath === '/healthz') return next();
  const isApi = /^\/(api|trpc)(\/|$)/.test(requestPath);
  const isRead = c.req.method === 'GET' || c.req.method === 'HEAD';
  const isFile = path.posix.extname(requestPath) !== '';
  if (!isApi && isRead && isFile) return next();

  c.header('Retry-After', String(env.MAINTENANCE_RETRY_AFTER));
  c.header(MAINTENANCE_HEADER, 'on');
  if (!isApi && isRead) {
    const page = await readPrerenderedPage(
      env.STATIC_DIR,
      env.PUBLIC_URL,
      MAINTENANCE_PAGE,
      c.req.header('Accept-Encoding'),
    );
    if (page) return sendPrerendered(c, page, 503);
    c.header('Cache-Control', 'no-store');
    return c.text(MAINTENANCE_MESSAGE, 503);
  }
  c.header('Cache-Control', 'no-store');
  return c.json({ error: MAINTENANCE_MESSAGE, maintenance: true }, 503);
};
