// Accounts through the real UI and the real server: sign up, sign in in a fresh browser,
// reload and stay signed in, change the profile and see it survive a reload, a wrong
// password keeps what was typed and says why.
import type { Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchShared,
  newBrowser,
  startServer,
  type Browser,
  type RunningServer,
} from './support.ts';

let server: RunningServer;
/** one Chromium; each test's browser is a fresh profile in it */
let chromium: PlaywrightBrowser;
const browsers: Browser[] = [];
const open = async () => {
  const browser = await newBrowser(chromium);
  browsers.push(browser);
  return browser;
};

beforeAll(async () => {
  [server, chromium] = await Promise.all([startServer(), launchShared()]);
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await chromium?.close();
  await server?.stop();
});

const email = 'ines.e2e@example.com';
const password = 'a long e2e passphrase';

describe('accounts in Chromium', () => {
  it('signs up from the register page and lands on the dashboard', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/auth/register`);
    await page.getByLabel(/^First name/).fill('Inès');
    await page.getByLabel(/^Last name/).fill('Test');
    await page.getByLabel(/^Email address/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard\/app/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
  });

  it('refuses a wrong password, keeps what was typed, then signs in and stays signed in after a reload', async () => {
    const { page } = await open();
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel(/^Email address/).fill(email);
    await page.getByLabel(/^Password/).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Wrong email or password.' }).count(), {
        // the server verifies a password hash on purpose slowly (argon2id): allow a busy machine
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(await page.getByLabel(/^Email address/).inputValue()).toBe(email);
    expect(page.url()).toMatch(/\/auth\/login/);

    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/app/);
    await page.reload();
    await page.waitForURL(/\/dashboard\/app/);
    // the server still knows the token after the reload
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const me = await fetch(`${server.url}/api/v1/user/jwt/fetch`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('saves profile details that survive a reload', async () => {
    // signed in by the API (signing in through the form is the test above)
    const login = await fetch(`${server.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const { page } = await open();
    await page.addInitScript((t) => {
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
    }, accessToken);
    await page.goto(`${server.url}/dashboard/user/account`);
    const city = page.getByLabel(/^City/);
    await city.fill('Khartoum');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByText('Your details are saved.').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await page.reload();
    // after a reload the form fills from the server: allow a loaded machine its time
    await expect.poll(() => page.getByLabel(/^City/).inputValue(), { timeout: 20_000 }).toBe('Khartoum');
  });
});
