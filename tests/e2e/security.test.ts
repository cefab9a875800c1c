// Security checks that need a real browser: a `returnTo` written to leave the site (control
// characters the URL parser strips, backslashes it reads as slashes, scheme-relative and
// absolute URLs) keeps the user on the app after signing in, on the login form and when a
// signed-in user opens the login page; a genuine in-app returnTo still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, signUp, startServer, type Browser, type RunningServer } from './support.ts';

let server: RunningServer;
let browser: Browser;
const foreignHits: string[] = [];
const who = { email: `returnto-${Date.now()}@example.com`, password: 'returnto-password-1' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await signUp(server, who);
  // a page that left the site would load this instead of failing on DNS
  await browser.context.route(
    (url) => url.hostname.endsWith('x.example'),
    async (route) => {
      foreignHits.push(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<h1>left the site</h1>',
      });
    },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const VARIANTS = [
  '%2F%09%2Fx.example',
  '%2F%0d%0a%2Fx.example',
  '%2F%5Cx.example',
  'https%3Ax.example',
  '%2F%2Fx.example',
  'https%3A%2F%2Fx.example',
];

async function signInWith(returnTo: string) {
  const { page } = browser;
  foreignHits.length = 0;
  await page.goto(`${server.url}/auth/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/auth/login?returnTo=${returnTo}`);
  await page.getByLabel(/^Email address/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(
    (url) => url.origin !== server.url || url.pathname.startsWith('/dashboard'),
  );
  return new URL(page.url());
}

describe('returnTo after signing in', () => {
  for (const variant of VARIANTS) {
    it(`returnTo=${variant} stays on the site`, async () => {
      const landed = await signInWith(variant);
      expect(landed.origin).toBe(server.url);
      expect(landed.pathname).toBe('/dashboard/app');
      expect(foreignHits).toEqual([]);
    });
  }

  it('a signed-in user opening the login page with a foreign returnTo stays too', async () => {
    const { page } = browser;
    foreignHits.length = 0;
    await page.goto(`${server.url}/auth/login?returnTo=${VARIANTS[0]}`);
    await page.waitForURL(
      (url) => url.origin !== server.url || url.pathname.startsWith('/dashboard'),
    );
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(foreignHits).toEqual([]);
  });

  it('an in-app returnTo is followed', async () => {
    const landed = await signInWith('%2Fdashboard%2Fcalendar');
    expect(landed.origin).toBe(server.url);
    expect(landed.pathname).toBe('/dashboard/calendar');
  });
});
