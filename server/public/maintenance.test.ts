// MAINTENANCE=on: the API (REST and tRPC) answers 503 with Retry-After and the header the PWA
// recognises, a page navigation gets the prerendered maintenance page (503), /healthz and the
// built files still answer. With it off, nothing changes. Prerendered pages are served for
// their paths, with their absolute URLs moved to PUBLIC_URL's origin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { MAINTENANCE_HEADER } from './maintenance.ts';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-public-static-'));
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="canonical" href="https://build.example/x" /></head><body><div id="root" data-prerendered="/x"><h1>${title}</h1></div></body></html>`;

beforeAll(() => {
  fs.mkdirSync(path.join(staticDir, 'maintenance'), { recursive: true });
  fs.mkdirSync(path.join(staticDir, 'legal', 'terms'), { recursive: true });
  fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Clipdeck</title><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'maintenance', 'index.html'), page('Down for maintenance'));
  fs.writeFileSync(path.join(staticDir, 'legal', 'terms', 'index.html'), page('Terms of use'));
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(staticDir, 'prerendered.json'),
    JSON.stringify({ origin: 'https://build.example', pages: ['/maintenance', '/legal/terms'] }),
  );
});
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

describe('maintenance mode on', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({
      MAINTENANCE: 'on',
      MAINTENANCE_RETRY_AFTER: '900',
      STATIC_DIR: staticDir,
      PUBLIC_URL: 'https://build.example',
    });
  });
  afterAll(() => t.close());

  function expectMaintenance(res: Response) {
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('900');
    expect(res.headers.get(MAINTENANCE_HEADER)).toBe('on');
  }

  it('answers 503 with Retry-After and { error } on the REST API, reads and writes', async () => {
    for (const [method, url] of [
      ['GET', '/api/public/config'],
      ['POST', '/api/v1/user/login'],
      ['GET', '/api/mail/mails'],
      ['GET', '/api/no-such-route'],
    ] as const) {
      const res = await t.call(method, url, method === 'POST' ? { body: { email: 'a@b.co', password: 'x' } } : {});
      expectMaintenance(res);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/maintenance/), maintenance: true });
    }
  });

  it('answers 503 on tRPC, queries and mutations', async () => {
    const query = await t.call('GET', `/trpc/catalogue.indexStatus?input=${encodeURIComponent('{}')}`);
    expectMaintenance(query);
    const mutation = await t.call('POST', '/trpc/favourites.toggle', { body: { videoId: 'x' } });
    expectMaintenance(mutation);
  });

  it('keeps /healthz up, saying so', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', maintenance: true });
  });

  it('answers every page navigation with the maintenance page', async () => {
    for (const url of ['/', '/dashboard/mail', '/auth/login', '/pricing', '/legal/terms', '/maintenance']) {
      const res = await t.call('GET', url);
      expectMaintenance(res);
      expect(res.headers.get('Content-Type')).toMatch(/text\/html/);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.text()).toContain('<h1>Down for maintenance</h1>');
    }
    const head = await t.call('HEAD', '/dashboard/app');
    expectMaintenance(head);
  });

  it('still serves the built files the maintenance page loads', async () => {
    const res = await t.call('GET', '/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Retry-After')).toBeNull();
  });
});

describe('maintenance mode off (the default)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ STATIC_DIR: staticDir, PUBLIC_URL: 'https://clipdeck.example.org/' });
  });
  afterAll(() => t.close());

  it('changes nothing', async () => {
    expect((await t.call('GET', '/api/public/config')).status).toBe(200);
    expect(await (await t.call('GET', '/healthz')).json()).toMatchObject({ maintenance: false });
    const spa = await t.call('GET', '/dashboard/mail');
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('<div id="root"></div>');
  });

  it('serves a prerendered page for its path, absolute URLs moved to PUBLIC_URL', async () => {
    for (const url of ['/legal/terms', '/legal/terms/']) {
      const res = await t.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<h1>Terms of use</h1>');
      expect(html).toContain('href="https://clipdeck.example.org/x"');
      expect(html).not.toContain('build.example');
    }
  });

  it('falls back to the app for paths that were not prerendered', async () => {
    const res = await t.call('GET', '/legal/cookies');
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});
