// User management in Chromium against the real server: an admin creates an account and its
// new owner sets a password from the mailed link (read from the server's outbox) and signs in;
// an admin makes a user an admin; an admin bans a user whose open session, in another browser,
// is refused on its next request and lands on the sign-in page; an admin changes a user's email,
// the old address is told and the edit page lists the change under "Admin actions".
import fs from 'node:fs';
import path from 'node:path';

import type { Browser as PlaywrightBrowser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchShared,
  newBrowser,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
} from './support.ts';

const ADMIN = { email: 'admin@clipdeck.dev', password: 'clipdeck-admin' };

let server: RunningServer;
let admin: Browser;
/** one Chromium; each person's browser is a fresh profile in it */
let chromium: PlaywrightBrowser;
const browsers: Browser[] = [];
const open = async () => {
  const browser = await newBrowser(chromium);
  browsers.push(browser);
  return browser;
};

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${server.url}/auth/login`);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
}

/** The set-password link mailed to `email`, from DATA_DIR/outbox (no SMTP server is set). */
function invitationLink(email: string): string | null {
  const outbox = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return null;
  for (const file of fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .reverse()) {
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as {
      to: string;
      text: string;
    };
    const link = /(https?:\/\/\S+\/auth\/new-password\?token=[\w-]+)/.exec(mail.text)?.[1];
    if (mail.to === email && link) return link;
  }
  return null;
}

/** The mails in DATA_DIR/outbox sent to `email`, oldest first. */
function mailsTo(email: string): { subject: string; text: string }[] {
  const outbox = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === email);
}

/** Picks an option of a segmented control (role, status) by its visible label. */
const choose = (page: Page, label: string) =>
  page
    .locator('main form label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

async function editUser(slug: string, change: () => Promise<void>) {
  const { page } = admin;
  await page.goto(`${server.url}/dashboard/user/${slug}/edit`);
  await page.getByRole('heading', { name: 'Edit user' }).waitFor();
  await page.getByRole('textbox', { name: /^First name/ }).waitFor();
  await change();
  const saved = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().includes('/api/v1/user/'),
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
}

beforeAll(async () => {
  [server, chromium] = await Promise.all([startServer({ seed: true }), launchShared()]);
  admin = await open();
  await signIn(admin.page, ADMIN);
}, 300_000);
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await chromium?.close();
  await server?.stop();
});

describe('user management in Chromium', () => {
  it('an admin creates a user, who sets a password from the mailed link and signs in', async () => {
    const { page } = admin;
    const email = 'ravi.e2e@example.com';
    await page.goto(`${server.url}/dashboard/user/new`);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Ravi');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Menon');
    await page.getByRole('textbox', { name: /^Email address/ }).fill(email);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.waitForURL(/\/dashboard\/user\/ravi-menon\/edit$/);
    await page.getByText('Ravi has not set a password yet.').waitFor();

    // the same address again is refused on the email field
    await page.goto(`${server.url}/dashboard/user/new`);
    await page.getByRole('textbox', { name: /^First name/ }).fill('Ravi');
    await page.getByRole('textbox', { name: /^Last name/ }).fill('Again');
    await page.getByRole('textbox', { name: /^Email address/ }).fill(email);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('alert').filter({ hasText: 'already exists' }).waitFor();

    await expect.poll(() => invitationLink(email), { timeout: 10_000 }).toBeTruthy();
    const link = invitationLink(email)!;
    const invited = await open();
    await invited.page.goto(link);
    await invited.page.getByLabel(/^New password/).fill('ravi sets a passphrase');
    await invited.page.getByLabel(/^Confirm new password/).fill('ravi sets a passphrase');
    await invited.page.getByRole('button', { name: 'Save password' }).click();
    await invited.page.getByText('Password changed').waitFor();
    await signIn(invited.page, { email, password: 'ravi sets a passphrase' });
    expect(invited.page.url()).toMatch(/\/dashboard\//);
  });

  it('an admin makes a user an admin, who can then open the admin pages', async () => {
    const { user } = await signUp(server, {
      email: 'mira.e2e@example.com',
      firstName: 'Mira',
      lastName: 'Role',
    });
    const mira = await open();
    await signIn(mira.page, { email: 'mira.e2e@example.com', password: 'e2e-password-123' });
    await mira.page.goto(`${server.url}/dashboard/user/cards`);
    await mira.page.waitForURL(/\/dashboard\/permission-denied/);

    await editUser(user.slug, () => choose(admin.page, 'Admin'));
    await mira.page.goto(`${server.url}/dashboard/user/cards`);
    await mira.page.getByRole('article', { name: 'Mira Role' }).waitFor();
    expect(mira.page.url()).toMatch(/\/dashboard\/user\/cards$/);
  });

  it('an admin bans a user whose open session is refused on its next request', async () => {
    const { user } = await signUp(server, {
      email: 'omar.e2e@example.com',
      firstName: 'Omar',
      lastName: 'Banned',
    });
    const omar = await open();
    await signIn(omar.page, { email: 'omar.e2e@example.com', password: 'e2e-password-123' });
    await omar.page.goto(`${server.url}/dashboard/user/profile`);
    await omar.page.getByText('Omar Banned').first().waitFor();

    await editUser(user.slug, async () => {
      await choose(admin.page, 'Banned');
      await admin.page.getByText('Saving bans Omar Banned').waitFor();
    });

    // Omar's tab does nothing special: its next request to the server is refused
    const refused = omar.page.waitForResponse(
      (res) => res.url().includes('/api/') && res.status() === 401,
    );
    await omar.page.getByRole('link', { name: 'Settings' }).first().click();
    await refused;
    await omar.page.waitForURL(/\/auth\/login/);
    const token = await omar.page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeNull();
    // and signing in again is refused too
    await omar.page.getByLabel('Email address').fill('omar.e2e@example.com');
    await omar.page.getByLabel(/^Password/).fill('e2e-password-123');
    await omar.page.getByRole('button', { name: 'Sign in' }).click();
    await omar.page.getByRole('alert').filter({ hasText: 'This account is suspended' }).waitFor();
    expect(omar.page.url()).toMatch(/\/auth\/login/);
  });

  it('an admin changes a user’s email: the old address is told, and the page lists the change', async () => {
    const { user } = await signUp(server, {
      email: 'lena.e2e@example.com',
      firstName: 'Lena',
      lastName: 'Moved',
    });
    await editUser(user.slug, () =>
      admin.page.getByRole('textbox', { name: /^Email address/ }).fill('lena.new@example.com'),
    );
    const panel = admin.page.getByRole('region', { name: 'Admin actions' });
    await panel
      .getByRole('listitem')
      .filter({ hasText: 'changed Email address' })
      .filter({ hasText: 'from lena.e2e@example.com to lena.new@example.com' })
      .waitFor();
    await expect
      .poll(() => mailsTo('lena.e2e@example.com').map((m) => m.subject), { timeout: 10_000 })
      .toContain('The email address of your Clipdeck account was changed');
    // the history survives a reload: it is the server's record
    await admin.page.reload();
    await panel.getByRole('listitem').filter({ hasText: 'changed Email address' }).waitFor();
  });
});
