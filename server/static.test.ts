import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';

import { createStaticHandler, inlineScriptHashes } from './static.ts';

let app: Hono;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Clipdeck</title>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Clipdeck"}');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  fs.writeFileSync(path.join(os.tmpdir(), 'clipdeck-secret.txt'), 'secret');
  app = new Hono();
  const serve = createStaticHandler(dir);
  app.on(['GET', 'HEAD'], '*', serve);
});

describe('static hosting of the built PWA', () => {
  it('revalidates index.html, sw.js and the manifest on every load', async () => {
    for (const file of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await app.request(file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    expect((await app.request('/manifest.webmanifest')).headers.get('content-type')).toMatch(
      /manifest\+json/,
    );
  });

  it('caches hashed assets forever', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('falls back to index.html only for extension-less paths outside the API', async () => {
    const page = await app.request('/dashboard/mail');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Clipdeck</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/assets/missing-file.js')).status).toBe(404);
    expect((await app.request('/api/v1/unknown')).status).toBe(404);
    expect((await app.request('/trpc/unknown')).status).toBe(404);
  });

  it("answers a page navigation with the route table's status, the app's shell in each", async () => {
    for (const [page, status] of [
      ['/dashboard/mail', 200],
      ['/Dashboard/Mail/', 200],
      ['/pricing', 200],
      ['/book/someone', 200],
      ['/someone/videos', 200],
      ['/no-such-page', 404],
      ['/dashboard/no-such-page', 404],
      ['/pricing/extra', 404],
      ['/404', 404],
      ['/403', 403],
      ['/500', 500],
    ] as const) {
      const res = await app.request(page);
      expect(res.status, page).toBe(status);
      expect(await res.text(), page).toContain('<title>Clipdeck</title>');
      expect(res.headers.get('content-type'), page).toMatch(/text\/html/);
      expect((await app.request(page, { method: 'HEAD' })).status, `HEAD ${page}`).toBe(status);
    }
  });

  it('never serves a file outside the folder', async () => {
    for (const probe of [
      '/../clipdeck-secret.txt',
      '/%2e%2e/clipdeck-secret.txt',
      '/..%2fclipdeck-secret.txt',
    ]) {
      const res = await app.request(probe);
      expect(await res.text(), probe).not.toBe('secret');
    }
  });

  it("gives the CSP the inline scripts' hashes the build wrote, and none without a build", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-csp-'));
    expect(inlineScriptHashes(dir)).toEqual([]);
    const hash = `'sha256-${crypto.createHash('sha256').update('document.documentElement.dir="rtl";').digest('base64')}'`;
    fs.writeFileSync(path.join(dir, 'inline-scripts.json'), JSON.stringify({ scriptSrc: [hash, "'unsafe-inline'"] }));
    // only hashes: nothing else the file might say widens the policy
    expect(inlineScriptHashes(dir)).toEqual([hash]);
  });
});
