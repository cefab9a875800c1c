// Page navigations through the whole app answer the status the client's route table gives them
// (server/contracts/paths.ts), each with the app's HTML so the app still renders its page:
// 200 for a page (built or prerendered), 404 for a path no route matches, dashboard paths
// included, and 403/404/500 for the error pages, prerendered or not. The API keeps its JSON.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-navigation-'));
let t: TestServer;

beforeAll(async () => {
  for (const page of ['pricing', '500']) fs.mkdirSync(path.join(staticDir, page), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Clipdeck</title><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'pricing', 'index.html'), '<!doctype html><title>Pricing</title>');
  fs.writeFileSync(path.join(staticDir, '500', 'index.html'), '<!doctype html><title>Server error</title>');
  fs.writeFileSync(
    path.join(staticDir, 'prerendered.json'),
    JSON.stringify({ origin: 'http://localhost:8080', pages: ['/pricing', '/500'] }),
  );
  t = await createTestServer({ STATIC_DIR: staticDir, PUBLIC_URL: 'http://localhost:8080' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('the status of a page navigation', () => {
  it.each([
    ['/', 200, 'Clipdeck'],
    ['/dashboard/calendar', 200, 'Clipdeck'],
    ['/dashboard/invoice/0b6f/edit', 200, 'Clipdeck'],
    ['/clipdeck-demo/videos', 200, 'Clipdeck'],
    ['/pricing', 200, 'Pricing'],
    ['/no-such-page', 404, 'Clipdeck'],
    ['/wp-login', 404, 'Clipdeck'],
    ['/dashboard/no-such-page', 404, 'Clipdeck'],
    ['/404', 404, 'Clipdeck'],
    ['/403', 403, 'Clipdeck'],
    ['/500', 500, 'Server error'],
  ] as const)('%s answers %i with the page', async (page, status, title) => {
    const res = await t.call('GET', page, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain(`<title>${title}</title>`);
  });

  it('leaves the API and missing files to their JSON 404', async () => {
    for (const url of ['/api/no-such-route', '/assets/missing.js']) {
      const res = await t.call('GET', url);
      expect(res.status, url).toBe(404);
      expect(await res.json(), url).toHaveProperty('error');
    }
  });
});
