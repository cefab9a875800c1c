// The app as the bench measures it: built into the bench's own directory (never dist/), with
// hidden source maps (the `.map` files are written but the scripts do not point to them, so the
// page loads exactly what a normal build serves), and served the way `npm start` serves it:
// scripts/start.mjs with START_BUILD=never, a temporary DATA_DIR with the demo data and the
// embedding indexer off (its background work would compete with the page for the CPU).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import { paths } from '../../../src/config/paths.ts';
import { freePort } from '../../e2e/support.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export function buildApp(outDir: string) {
  if (path.resolve(outDir) === path.join(ROOT, 'dist'))
    throw new Error('the bench never builds into dist/');
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--sourcemap',
      'hidden',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

export interface Served {
  url: string;
  stop: () => Promise<void>;
}

export async function serve(staticDir: string): Promise<Served> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-lighthouse-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.resolve(staticDir),
      SEED_DEMO: 'true',
      EMBEDDINGS: 'off',
      START_BUILD: 'never',
      LOG_REQUESTS: 'false',
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // seeding the demo data on a busy shared machine has taken minutes
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited:\n${log.slice(-2000)}`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /healthz in 600 s:\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The demo user's access token (the demo account of the README). */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@clipdeck.dev', password: 'clipdeck-demo' }),
  });
  if (!res.ok)
    throw new Error(`the demo user could not sign in: ${res.status} ${await res.text()}`);
  return z.object({ accessToken: z.string() }).parse(await res.json()).accessToken;
}

const slugs = z.object({ slug: z.string() });
const ids = z.object({ id: z.string() });
/** A list's first item (the demo data always has one). */
const first = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1)
    .transform((list) => list[0]!);

/** A link for each path with parameters, filled with the demo data's own values. */
export async function demoHrefs(url: string, token: string): Promise<Map<string, string>> {
  const get = async <T extends z.ZodType>(api: string, schema: T): Promise<z.infer<T>> => {
    const res = await fetch(`${url}${api}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${api}: ${res.status} ${await res.text()}`);
    return schema.parse(await res.json());
  };
  const [product, invoice, post, profile, conversation, overview] = await Promise.all([
    get('/api/products?limit=1', z.object({ products: first(slugs) })),
    get('/api/invoices?limit=1', z.object({ items: first(ids) })),
    get('/api/blog/posts?limit=1', z.object({ posts: first(slugs) })),
    get('/api/v1/user/profile', z.object({ user: slugs })),
    get('/api/chat/conversations', z.object({ conversations: first(ids) })),
    get('/api/overview', z.object({ recentVideos: first(ids) })),
  ]);
  const d = paths.dashboard;
  return new Map([
    [d.videos.video.path, d.videos.video.href(overview.recentVideos.id)],
    [d.chat.conversation.path, d.chat.conversation.href(conversation.conversations.id)],
    [d.user.edit.path, d.user.edit.href(profile.user.slug)],
    [d.eCommerce.product.path, d.eCommerce.product.href(product.products.slug)],
    [d.eCommerce.productEdit.path, d.eCommerce.productEdit.href(product.products.slug)],
    [d.invoice.details.path, d.invoice.details.href(invoice.items.id)],
    [d.invoice.edit.path, d.invoice.edit.href(invoice.items.id)],
    [d.blog.post.path, d.blog.post.href(post.posts.slug)],
    [d.blog.edit.path, d.blog.edit.href(post.posts.slug)],
    [paths.blogPost.path, paths.blogPost.href(post.posts.slug)],
  ]);
}
