// The public pages in real Chromium against the real server: every page shows its content with
// JavaScript off (prerendered at build time, with its head tags) and with it on (the app takes the
// page over without ever blanking it, then follows the stored language); the contact form, the plan
// checkout and the launch list reach the server; the sign-up page's terms and privacy links open
// those pages; the pages open offline from the service worker; MAINTENANCE=on shows the maintenance
// page for any page. Run: E2E_STATIC_DIR=/tmp/<you>-dist npx vitest run --config
// vitest.e2e.config.ts tests/e2e/public-pages.test.ts
import fs from 'node:fs';
import path from 'node:path';

import { chromium, type Browser as PlaywrightBrowser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { CHROMIUM, CHROMIUM_ARGS, startServer, type RunningServer } from './support';

const HELP_EMAIL = 'desk@clipdeck.example';

/** Each page and the English text of its one h1. */
const PAGES: [string, string][] = [
  ['/pricing', 'One app for your videos and your team, at the size you need'],
  ['/payment', 'Your Team plan'],
  ['/about-us', 'We help teams find the moment in the video'],
  ['/contact-us', 'Talk to the Clipdeck team'],
  ['/support', 'How can we help?'],
  ['/integration-complete', "You're set up"],
  ['/components', "Clipdeck's building blocks"],
  ['/coming-soon', 'Clipdeck Cloud is on its way'],
  ['/maintenance', 'Clipdeck is down for maintenance'],
  ['/legal/sla', 'Service level agreement'],
  ['/legal/terms', 'Terms of use'],
  ['/legal/privacy', 'Privacy policy'],
];

let server: RunningServer;
let down: RunningServer;
let browser: PlaywrightBrowser;
/** Contexts a test opened for itself (a fresh visitor), closed when it ends. */
const contexts: BrowserContext[] = [];
/** One visitor with scripts off, and one with scripts on, whose pages the tests share: the
 *  prerendered HTML, the app's takeover and the forms are the same on a first visit and a
 *  later one (from the service worker the first visit installed), and a context of its own per
 *  page made each test load and compile the app, and install its worker, again. Tests that
 *  need a fresh visitor (a stored language) still get their own. */
let noScript: BrowserContext;
let visitor: BrowserContext;
const pages: Page[] = [];

function watch(page: Page) {
  pages.push(page);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

/** A new page: in the shared visitor's context (scripts on or off), or, with `language`, in a
 *  fresh context of its own whose stored language is set before any script runs. */
async function newPage(options: { javaScriptEnabled?: boolean; language?: string } = {}) {
  if (!options.language) return watch(await (options.javaScriptEnabled === false ? noScript : visitor).newPage());
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), options.language);
  return watch(await context.newPage());
}

/** Resolves once the app has taken the prerendered page over (main.tsx drops the marker). */
const takenOver = (page: Page) => page.waitForSelector('#root:not([data-prerendered])', { state: 'attached', timeout: 60_000 });

beforeAll(async () => {
  [server, down, browser] = await Promise.all([
    startServer({ env: { HELP_EMAIL } }),
    startServer({ env: { MAINTENANCE: 'on', MAINTENANCE_RETRY_AFTER: '120' } }),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
  ]);
  [noScript, visitor] = await Promise.all([
    browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } }),
    browser.newContext({ viewport: { width: 1280, height: 900 } }),
  ]);
});

afterEach(async () => {
  for (const p of pages.splice(0)) await p.close().catch(() => undefined);
  for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), down?.stop()]);
});

describe('public pages without JavaScript (prerendered)', () => {
  it.each(PAGES)('%s shows its content, title, description, canonical and social card', async (pagePath, heading) => {
    const { page } = await newPage({ javaScriptEnabled: false });
    const response = await page.goto(server.url + pagePath);
    expect(response?.status()).toBe(200);
    expect((await page.locator('h1').textContent())?.trim()).toBe(heading);
    expect(await page.title()).toMatch(/ · Clipdeck$/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^.{40,}$/);
    // absolute URLs on this server's PUBLIC_URL
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(server.url + pagePath);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(new RegExp(`^${server.url}/social/[a-zA-Z]+\\.png$`));
    const card = await fetch(image!);
    expect(card.headers.get('content-type')).toBe('image/png');
    // the footer's links are plain links: the site is navigable without scripts
    expect(await page.locator('footer a[href="/legal/privacy"]').count()).toBe(1);
  });
});

describe('public pages with JavaScript', () => {
  it.each(PAGES)('%s is taken over by the app without blanking and with no error', async (pagePath, heading) => {
    const { page, errors } = await newPage();
    // records whether the page's heading was ever missing once the document was parsed
    await page.addInitScript(() => {
      const w = window as unknown as { headingLost: boolean };
      w.headingLost = false;
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => {
          if (!document.querySelector('h1')) w.headingLost = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.goto(server.url + pagePath);
    await takenOver(page);
    expect((await page.locator('h1').textContent())?.trim()).toBe(heading);
    expect(await page.evaluate(() => (window as unknown as { headingLost: boolean }).headingLost)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('switches to the stored language, right-to-left in Arabic', async () => {
    const { page } = await newPage({ language: 'ar' });
    await page.goto(`${server.url}/pricing`);
    await takenOver(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('تطبيق واحد لفيديوهاتك وفريقك، بالحجم الذي تحتاجه');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.title()).toBe('الأسعار · Clipdeck');
  });

  it('prices follow the billing switch, and a plan leads to its checkout', async () => {
    const { page } = await newPage();
    await page.goto(`${server.url}/pricing`);
    await takenOver(page);
    await page.getByText('Yearly', { exact: true }).click();
    await page.getByText('billed yearly: $90 per user').waitFor();
    await page.getByRole('link', { name: 'Choose Business' }).click();
    await page.waitForURL('**/payment?plan=business&billing=yearly');
    await page.getByRole('heading', { name: 'Your Business plan' }).waitFor();
  });
});

describe('forms that reach the server', () => {
  it('the contact form names refused fields, keeps the text, and mails the help address', async () => {
    const { page } = await newPage();
    await page.goto(`${server.url}/contact-us`);
    await takenOver(page);
    await page.getByLabel('Your email').fill('ada@');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Your name is required.').waitFor();
    await page.getByText('Enter an email address such as name@example.com.').waitFor();
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Your email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Importing our archive');
    await page.getByLabel('Message').fill('We have 4,000 videos in a spreadsheet. Can we import them?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Message received').waitFor();
    await page.getByText(`Your message went to ${HELP_EMAIL}`, { exact: false }).waitFor();
    // the server's mail to the help address (written to DATA_DIR/outbox without SMTP)
    const outbox = path.join(server.dataDir, 'outbox');
    const mails = fs
      .readdirSync(outbox)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; replyTo: string; subject: string });
    expect(mails).toContainEqual(expect.objectContaining({ to: HELP_EMAIL, replyTo: 'ada@example.com', subject: '[Clipdeck contact] Importing our archive' }));
  });

  it('the plan checkout checks the card and leads to the set-up page with its reference', async () => {
    const { page } = await newPage();
    await page.goto(`${server.url}/payment?plan=team&billing=monthly`);
    await takenOver(page);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill('ada@example.com');
    await page.getByLabel('Name on the card').fill('Ada Lovelace');
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('12/39');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Confirm Team' }).click();
    await page.getByText('This card number is not valid.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Confirm Team' }).click();
    await page.waitForURL('**/integration-complete?**');
    await page.getByText(/Your Team plan is recorded under reference PLN-[2-9A-Z]{6}/).waitFor();
    await page.getByText('Team, 5 users, billed monthly').waitFor();
  });

  it('the launch list takes an email once', async () => {
    const { page } = await newPage();
    await page.goto(`${server.url}/coming-soon`);
    await takenOver(page);
    await expect.poll(() => page.locator('[data-unit="days"]').textContent()).toMatch(/^\d+$/);
    await page.getByLabel('Email address').fill('fan@example.com');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText("You're on the list. We will write to fan@example.com when Clipdeck Cloud opens.").waitFor();
  });
});

describe('links and offline', () => {
  it('the sign-up page links to the terms and the privacy policy', async () => {
    const { page } = await newPage();
    await page.goto(`${server.url}/auth/register`);
    await page.getByRole('link', { name: 'Terms', exact: true }).click();
    await page.waitForURL('**/legal/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of use' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/auth/register');
    await page.getByRole('link', { name: 'Privacy policy', exact: true }).click();
    await page.waitForURL('**/legal/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
  });

  it('opens the public pages offline from the service worker, and the app still falls back to its shell', async () => {
    // the shared visitor: its worker may be installed already by the pages before; waited for
    // here either way, so this test also stands alone
    const { page } = await newPage();
    try {
      await page.goto(`${server.url}/pricing`);
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        if (registration.active?.state !== 'activated')
          await new Promise((r) => registration.active?.addEventListener('statechange', r));
      });
      await visitor.setOffline(true);
      await page.goto(`${server.url}/legal/privacy`);
      expect((await page.locator('h1').textContent())?.trim()).toBe('Privacy policy');
      await page.goto(`${server.url}/auth/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    } finally {
      await visitor.setOffline(false);
    }
  });
});

describe('maintenance mode', () => {
  // `down`: a second server with MAINTENANCE=on, started beside the first
  it('shows the maintenance page for any page, answers the API 503, keeps /healthz up', async () => {
    const { page } = await newPage();
    const response = await page.goto(`${down.url}/dashboard/mail`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBe('120');
    expect((await page.locator('h1').textContent())?.trim()).toBe('Clipdeck is down for maintenance');
    await takenOver(page);
    // the app keeps showing it (not the sign-in page) and checks the server
    await page.getByText('Still under maintenance. Checking again in', { exact: false }).waitFor();
    expect((await page.locator('h1').textContent())?.trim()).toBe('Clipdeck is down for maintenance');
    expect(new URL(page.url()).pathname).toBe('/dashboard/mail');
    expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
    const api = await fetch(`${down.url}/api/public/config`);
    expect(api.status).toBe(503);
  });
});
