// What a monitor or a crawler reads, and what a visitor sees, at an address with no page: the
// server answers 404 (403 and 500 for those pages) and the browser still gets the app, which
// renders its error view; an unknown dashboard path shows the 404 inside the dashboard frame.
// Service workers are blocked: a monitor has none (an installed app answers navigations from
// its cached shell, offline too, as before).
// Run: npx vitest run --config vitest.e2e.config.ts tests/e2e/navigation-status.test.ts
import type { Browser as PlaywrightBrowser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { launchShared, signUp, startServer, type RunningServer } from './support';

let server: RunningServer;
let chromium: PlaywrightBrowser;
const contexts: BrowserContext[] = [];

async function visitor() {
  const context = await chromium.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  [server, chromium] = await Promise.all([startServer(), launchShared()]);
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

describe('the status of a navigation', () => {
  it.each([
    ['/no-such-page', 404, 'Page not found'],
    ['/pricing/no-such-part', 404, 'Page not found'],
    ['/404', 404, 'Page not found'],
    ['/403', 403, 'No permission'],
    ['/500', 500, 'Server error'],
  ] as const)('%s answers %i and shows “%s”', async (url, status, heading) => {
    const page = await visitor();
    const response = await page.goto(`${server.url}${url}`);
    expect(response?.status()).toBe(status);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
  });

  it('a page answers 200', async () => {
    const page = await visitor();
    expect((await page.goto(`${server.url}/pricing`))?.status()).toBe(200);
    expect((await page.goto(`${server.url}/auth/login`))?.status()).toBe(200);
  });

  it('an unknown dashboard path answers 404 with the 404 inside the dashboard frame', async () => {
    const { accessToken } = await signUp(server, { email: `nav-${Date.now()}@example.com` });
    const page = await visitor();
    await page.context().addInitScript((token) => localStorage.setItem('accessToken', token), accessToken);
    const response = await page.goto(`${server.url}/dashboard/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    // a known dashboard page of the same visitor answers 200
    expect((await page.goto(`${server.url}/dashboard/calendar`))?.status()).toBe(200);
  });
});
