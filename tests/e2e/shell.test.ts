// The app shell in real Chromium against the real server: sign-up from a ?ref= link, sign-in, a
// reload keeps the session, token expiry, dark mode + Arabic across a reload, the mini nav,
// installability over the DevTools protocol, the offline shell, and client-side navigation between
// the sign-in pages and the dashboard. Run: E2E_STATIC_DIR=.tmp/dist-<you> npx vitest run --config
// vitest.e2e.config.ts tests/e2e/shell.test.ts
import type { Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  launchShared,
  newBrowser,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
} from './support';

let server: RunningServer;
/** a second server whose tokens live 6 s, for the expiry test; started beside the first */
let short: RunningServer;
/** one Chromium; each browser a test opens is a fresh profile in it, closed when the test ends */
let chromium: PlaywrightBrowser;
const browsers: Browser[] = [];

async function browser(viewport?: { width: number; height: number }) {
  const b = await newBrowser(chromium, viewport ? { viewport } : {});
  browsers.push(b);
  return b;
}

async function signInThroughForm(b: Browser, url: string, email: string, password: string) {
  await b.page.goto(`${url}/auth/login`);
  await b.page.getByLabel('Email address').fill(email);
  await b.page.locator('input[autocomplete="current-password"]').fill(password);
  await b.page.getByRole('button', { name: 'Sign in' }).click();
  await b.page.waitForURL('**/dashboard/app');
}

/** Signed in with a token from the API, as a returning user whose session is stored: the
 *  first page the browser loads is the dashboard's home. */
async function signInWithToken(b: Browser, token: string) {
  await b.context.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('accessToken', t);
    }
  }, token);
  await b.page.goto(`${server.url}/dashboard/app`);
  await b.page.waitForURL('**/dashboard/app');
}

beforeAll(async () => {
  [server, short, chromium] = await Promise.all([
    startServer(),
    startServer({ env: { JWT_TTL: '6' } }),
    launchShared(),
  ]);
});

afterEach(async () => {
  for (const b of browsers.splice(0)) await b.close().catch(() => undefined);
});

afterAll(async () => {
  await chromium?.close();
  await Promise.all([server?.stop(), short?.stop()]);
});

describe('app shell in Chromium', () => {
  it('signs up from a ?ref= link: the referral is recorded and the dashboard opens', async () => {
    const referrer = await signUp(server, { email: `ref-${Date.now()}@example.com` });
    const b = await browser();
    await b.page.goto(`${server.url}/auth/login?ref=${referrer.user.slug}`);
    expect(await b.page.evaluate(() => localStorage.getItem('referringUserSlug'))).toBe(referrer.user.slug);

    await b.page.getByRole('link', { name: 'Get started' }).click();
    await b.page.waitForURL('**/auth/register');
    await expect.poll(() => b.page.getByTestId('referral').textContent()).toContain(referrer.user.slug);
    await b.page.getByLabel('First name').fill('Nora');
    await b.page.getByLabel('Last name').fill('New');
    await b.page.getByLabel('Email address').fill('nora@example');
    await b.page.locator('input[autocomplete="new-password"]').fill('nora-password-1');
    await b.page.getByRole('button', { name: 'Create account' }).click();
    // the email rule, inline, and what was typed is kept
    await b.page.getByText('Invalid email address.').waitFor();
    expect(await b.page.getByLabel('First name').inputValue()).toBe('Nora');

    const email = `nora-${Date.now()}@example.com`;
    await b.page.getByLabel('Email address').fill(email);
    await b.page.getByRole('button', { name: 'Create account' }).click();
    await b.page.waitForURL('**/dashboard/app');
    await b.page.getByText('Welcome back, Nora').waitFor();

    const token = await b.page.evaluate(() => localStorage.getItem('accessToken'));
    const me = (await (
      await fetch(`${server.url}/api/v1/user/jwt/fetch`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { user: { email: string; referringUserId: string | null } };
    expect(me.user.email).toBe(email);
    expect(me.user.referringUserId).toBe(referrer.user.id);
  });

  it('signs in, stays signed in across a reload, and a taken email shows on its field', async () => {
    const email = `sam-${Date.now()}@example.com`;
    await signUp(server, { email, password: 'sam-password-1', firstName: 'Sam' });
    const b = await browser();
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.getByLabel('Email address').fill(email);
    await b.page.locator('input[autocomplete="current-password"]').fill('wrong-password');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('form-error').waitFor();
    expect(await b.page.getByLabel('Email address').inputValue()).toBe(email);

    await signInThroughForm(b, server.url, email, 'sam-password-1');
    await b.page.getByText('Welcome back, Sam').waitFor();
    await b.page.reload();
    await b.page.getByText('Welcome back, Sam').waitFor();
    expect(new URL(b.page.url()).pathname).toBe('/dashboard/app');

    // a signed-out visitor of /dashboard/* goes to login and comes back after
    const guest = await browser();
    await guest.page.goto(`${server.url}/dashboard/blank`);
    await guest.page.waitForURL('**/auth/login?returnTo=*');
    await guest.page.getByLabel('Email address').fill(email);
    await guest.page.locator('input[autocomplete="current-password"]').fill('sam-password-1');
    await guest.page.getByRole('button', { name: 'Sign in' }).click();
    await guest.page.waitForURL('**/dashboard/blank');

    const dup = await browser();
    await dup.page.goto(`${server.url}/auth/register`);
    await dup.page.getByLabel('First name').fill('Sam');
    await dup.page.getByLabel('Last name').fill('Again');
    await dup.page.getByLabel('Email address').fill(email);
    await dup.page.locator('input[autocomplete="new-password"]').fill('sam-password-1');
    await dup.page.getByRole('button', { name: 'Create account' }).click();
    await dup.page.getByText('An account with this email already exists.').waitFor();
  });

  it('one app: links and Back between the sign-in pages stay in the page, and signing in opens the dashboard in place', async () => {
    const email = `ana-${Date.now()}@example.com`;
    await signUp(server, { email, password: 'ana-password-1', firstName: 'Ana' });
    const b = await browser();
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    // a marker that a full page load would wipe
    await b.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const marker = () => b.page.evaluate(() => (window as unknown as { marker?: number }).marker);

    await b.page.getByRole('link', { name: 'Forgot password?' }).click();
    await b.page.waitForURL('**/auth/reset-password');
    await b.page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await b.page.goBack();
    await b.page.waitForURL('**/auth/login');
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await marker()).toBe(1);

    await b.page.getByLabel('Email address').fill(email);
    await b.page.locator('input[autocomplete="current-password"]').fill('ana-password-1');
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.waitForURL('**/dashboard/app');
    await b.page.getByText('Welcome back, Ana').waitFor();
    expect(await marker()).toBe(1);
  });

  it('the dashboard: a nav link and Back stay in the page, and signing out leads to sign-in in place', async () => {
    const email = `noa-${Date.now()}@example.com`;
    await signUp(server, { email, password: 'noa-password-1', firstName: 'Noa' });
    const b = await browser({ width: 1440, height: 900 });
    await signInThroughForm(b, server.url, email, 'noa-password-1');
    await b.page.reload();
    await b.page.getByRole('heading', { name: 'Welcome back, Noa' }).waitFor();
    await b.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const marker = () => b.page.evaluate(() => (window as unknown as { marker?: number }).marker);

    await b.page.locator('[data-nav="calendar"]').click();
    await b.page.waitForURL('**/dashboard/calendar');
    await b.page.getByRole('heading', { name: 'Calendar', exact: true }).waitFor({ timeout: 15_000 });
    expect(await marker()).toBe(1);
    await b.page.goBack();
    await b.page.waitForURL('**/dashboard/app');
    await b.page.getByRole('heading', { name: 'Welcome back, Noa' }).waitFor();
    expect(await marker()).toBe(1);

    await b.page.getByRole('button', { name: /Account menu/ }).click();
    await b.page.getByTestId('logout').click();
    await b.page.waitForURL('**/auth/login');
    await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await marker()).toBe(1);
    // and the home now sends a signed-out visitor to sign in, coming back after
    await b.page.goto(`${server.url}/dashboard/app`);
    await b.page.waitForURL('**/auth/login?returnTo=%2Fdashboard%2Fapp');
  });

  it('the home does not move while its figures load (no layout shift) on a phone', async () => {
    const { accessToken } = await signUp(server, { email: `ida-${Date.now()}@example.com`, firstName: 'Ida' });
    const b = await browser({ width: 412, height: 823 });
    await b.page.addInitScript((token) => localStorage.setItem('accessToken', token), accessToken);
    await b.page.addInitScript(() => {
      const w = window as unknown as { shifts: number; moved: string[] };
      w.shifts = 0;
      w.moved = [];
      type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.shifts += entry.value;
          // what moved, for the failure message: the element, where it was and where it went
          for (const { node, previousRect: a, currentRect: z } of entry.sources) {
            const el = node instanceof Element ? node : node?.parentElement;
            const name = el ? `<${el.localName}${el.className ? ` class="${String(el.className)}"` : ''}>` : '(gone)';
            w.moved.push(`${name} ${a.x},${a.y} ${a.width}x${a.height} → ${z.x},${z.y} ${z.width}x${z.height}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await b.page.goto(`${server.url}/dashboard/app`);
    // a new user's figures: all zero, but they arrive after the first paint of the cards
    await expect.poll(() => b.page.getByTestId('count-conversations').textContent(), { timeout: 15_000 }).toBe('0');
    await b.page.getByText('0 unread').first().waitFor();
    const { shifts, moved } = await b.page.evaluate(() => {
      const w = window as unknown as { shifts: number; moved: string[] };
      return { shifts: w.shifts, moved: w.moved };
    });
    expect(shifts, moved.join('\n')).toBe(0);

    // the closed nav drawer's contents are skipped (not laid out, not focusable) until it opens;
    // a chosen link closes it again
    const nav = b.page.getByRole('navigation', { name: 'Main navigation' });
    const skipped = () => nav.evaluate((n) => getComputedStyle(n).contentVisibility);
    expect(await skipped()).toBe('hidden');
    await b.page.getByRole('button', { name: 'Open navigation' }).click();
    expect(await skipped()).toBe('visible');
    await nav.locator('[data-nav="calendar"]').click();
    await b.page.waitForURL('**/dashboard/calendar');
    await expect.poll(skipped).toBe('hidden');
  });

  it('the settings drawer opens on the sign-in page, styled, and its choices apply there', async () => {
    const b = await browser({ width: 1440, height: 900 });
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.getByTestId('open-settings').click();
    const drawer = b.page.getByRole('dialog');
    await drawer.getByText('Mode').waitFor();
    // on screen at the inline end, not an unstyled block somewhere in the page
    await expect.poll(async () => (await drawer.boundingBox())?.x ?? -1).toBeGreaterThan(1000);
    await drawer.getByText('Dark').click();
    await expect
      .poll(() => b.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe('dark');
  });

  it('resetting the settings in Arabic keeps the page right-to-left and clears the cookie', async () => {
    const b = await browser({ width: 1440, height: 900 });
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await b.page.reload();
    const dir = () => b.page.evaluate(() => document.documentElement.dir);
    await expect.poll(dir).toBe('rtl');
    await b.page.getByTestId('open-settings').click();
    await b.page.getByTestId('setting-mode').getByText('داكن').click();
    await b.page.getByTestId('settings-reset').click();
    await expect
      .poll(() => b.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe('light');
    expect(await dir()).toBe('rtl');
    expect((await b.context.cookies()).map((c) => c.name)).not.toContain('clipdeck-settings');
    await b.page.reload();
    await expect.poll(dir).toBe('rtl');
  });

  it('dark mode and Arabic survive a reload, Arabic is right-to-left; the mini nav is 88 px', async () => {
    // signed in by the API's token (signing in through the form is the tests above)
    const { accessToken } = await signUp(server, { email: `lin-${Date.now()}@example.com`, firstName: 'Lin' });
    const b = await browser({ width: 1440, height: 900 });
    await signInWithToken(b, accessToken);

    const navWidth = () => b.page.evaluate(() => document.querySelector('nav')?.closest('.mantine-AppShell-navbar')?.getBoundingClientRect().width);
    await expect.poll(navWidth, { timeout: 10_000 }).toBe(280);
    await b.page.getByTestId('toggle-mini').click();
    await expect.poll(navWidth).toBe(88);

    await b.page.getByTestId('open-settings').click();
    await b.page.getByTestId('setting-mode').getByText('Dark').click();
    const scheme = () => b.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await expect.poll(scheme).toBe('dark');
    await b.page.keyboard.press('Escape');
    await b.page.getByRole('button', { name: 'Language' }).click();
    await b.page.getByRole('menuitem', { name: 'العربية' }).click();
    await expect.poll(() => b.page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    // every colour scheme the page shows from its first script on: never light (no flash)
    await b.page.context().addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { schemes: string[] }).schemes = seen;
      const { setAttribute } = Element.prototype as { setAttribute: (this: Element, name: string, value: string) => void };
      Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
        if (name === 'data-mantine-color-scheme') seen.push(value);
        setAttribute.call(this, name, value);
      };
    });
    await b.page.reload();
    await b.page.getByText('مرحبًا بعودتك، Lin').waitFor();
    expect(await b.page.evaluate(() => (window as unknown as { schemes: string[] }).schemes)).not.toContain('light');
    const attrs = await b.page.evaluate(() => ({
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
      body: getComputedStyle(document.body).backgroundColor,
    }));
    expect(attrs).toMatchObject({ scheme: 'dark', dir: 'rtl', lang: 'ar' });
    expect(await navWidth()).toBe(88);
    // the navigation sits on the right in RTL
    const box = await b.page.locator('.mantine-AppShell-navbar').boundingBox();
    expect(box!.x).toBeGreaterThan(1000);
  });

  it('applies the stored colour scheme and language before any module script runs (inline, allowed by the CSP)', async () => {
    const b = await browser();
    const violations: string[] = [];
    b.page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await b.context.addCookies([
      { name: 'clipdeck-settings', value: encodeURIComponent(JSON.stringify({ mode: 'dark' })), url: server.url },
    ]);
    await b.page.route('**/assets/*.js', (route) => route.abort());
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await b.page.reload();
    const attrs = await b.page.evaluate(() => ({
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      dir: document.documentElement.dir,
      lang: document.documentElement.lang,
    }));
    expect(attrs).toEqual({ scheme: 'dark', dir: 'rtl', lang: 'ar' });
    expect(violations).toEqual([]);
  });

  it("the header's menus load on intent: a first click opens one, the keyboard opens another, focus stays", async () => {
    const { accessToken } = await signUp(server, { email: `kim-${Date.now()}@example.com`, firstName: 'Kim' });
    const b = await browser({ width: 1440, height: 900 });
    await signInWithToken(b, accessToken);
    await b.page.getByText('Welcome back, Kim').waitFor();
    // clicked before its code was loaded: the menu opens once it is
    await b.page.getByRole('button', { name: 'Language' }).click();
    await b.page.getByRole('menuitem', { name: 'Français' }).waitFor();
    await b.page.keyboard.press('Escape');
    await b.page.getByTestId('open-settings').focus();
    await b.page.keyboard.press('Tab');
    await expect.poll(() => b.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-menu');
    await b.page.keyboard.press('Enter');
    await b.page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    await b.page.keyboard.press('Escape');
    await b.page.getByTestId('sync-status').click();
    await b.page.getByText('Everything is up to date.').waitFor();
  });

  it('is installable: Page.getInstallabilityErrors returns no errors', async () => {
    // a profile on disk: Chromium does not install from an incognito profile
    const b = await launchBrowser();
    browsers.push(b);
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await b.cdp();
    await expect
      .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
        timeout: 20_000,
      })
      .toEqual([]);
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Clipdeck', short_name: 'Clipdeck', display: 'standalone', start_url: '/dashboard/app' });
    expect((manifest.shortcuts as { url: string }[]).map((s) => s.url)).toEqual([
      '/dashboard/mail',
      '/dashboard/calendar',
      '/dashboard/kanban',
    ]);
  });

  it('with the server stopped, the login page and /dashboard/app still open (offline shell)', async () => {
    const email = `off-${Date.now()}@example.com`;
    await signUp(server, { email, password: 'off-password-1', firstName: 'Offline' });
    const b = await browser();
    await b.page.goto(`${server.url}/auth/login`);
    await b.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await b.page.reload(); // now controlled by the worker
    await signInThroughForm(b, server.url, email, 'off-password-1');
    await b.page.getByText('Welcome back, Offline').waitFor();

    await server.stop();
    try {
      await b.page.reload();
      await b.page.getByText('Welcome back, Offline').waitFor();
      await b.page.getByTestId('dashboard-content').waitFor();
      // signed out, the sign-in page opens too
      await b.page.evaluate(() => localStorage.removeItem('accessToken'));
      await b.page.goto(`${server.url}/auth/login`);
      await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
      await b.page.reload();
      await b.page.getByRole('button', { name: 'Sign in' }).waitFor();
    } finally {
      await server.start();
    }
  });

  it('a short JWT_TTL shows "Token expired" and lands on login', async () => {
    const email = `ttl-${Date.now()}@example.com`;
    await signUp(short, { email, password: 'ttl-password-1', firstName: 'Tess' });
    const b = await browser();
    await signInThroughForm(b, short.url, email, 'ttl-password-1');
    await b.page.getByText('Token expired').waitFor({ timeout: 15_000 });
    await b.page.waitForURL('**/auth/login**');
    expect(await b.page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
