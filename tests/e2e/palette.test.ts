// The command palette end to end: Ctrl+K finds a mail by a word of its body and an event by its
// title, first online (the server's /api/search), then with the server stopped and the browser
// offline after a reload (the Dexie mirror). Enter opens the mail in its folder and the event's day
// in the calendar (40 days ahead: on screen only on that day's page). Then the palette in Arabic,
// right to left.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  signInForOffline,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
  watchPage,
} from './support.ts';

let server: RunningServer;
let browser: Browser;
const run = Date.now().toString(36);
const USER = { email: `palette-${run}@example.com`, password: 'palette-password-1' };
const SENDER = { email: `palette-sender-${run}@example.com`, password: 'palette-password-2' };
// words the two rows are found by: the mail only by its body, the event by its title
const BODY_WORD = `quokka${run}`;
const EVENT_TITLE = `Lighthouse review ${run}`;
const MAIL_SUBJECT = `Monthly figures ${run}`;

async function api(token: string, path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** the page, watched: a failed step prints its console and alerts (support.ts) */
let steps: ReturnType<typeof watchPage>;

/** Opens the palette with the shortcut and types the query; resolves with the options list. */
async function search(page: Page, query: string) {
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: /./ });
  await box.waitFor({ timeout: 15_000 });
  await box.fill(query);
  return page.getByRole('listbox');
}

const option = (page: Page, name: string | RegExp) => page.getByRole('option', { name });

async function findBoth(page: Page, source: 'server' | 'device') {
  // the mail, by a word of its body: Enter on it opens it in the inbox
  await search(page, BODY_WORD);
  await steps.step(`mail-${source}`, option(page, new RegExp(MAIL_SUBJECT)).waitFor({ timeout: 15_000 }));
  expect(await page.getByTestId('palette-status').getAttribute('data-source')).toBe(source);
  await page.keyboard.press('ArrowDown');
  expect(await option(page, new RegExp(MAIL_SUBJECT)).getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/mail\?label=inbox&id=/);
  await steps.step(`mail-open-${source}`, page.getByRole('heading', { name: MAIL_SUBJECT }).first().waitFor({ timeout: 15_000 }));

  // the event, by its title: Enter opens the calendar on its day
  await search(page, EVENT_TITLE.toLowerCase());
  await steps.step(`event-${source}`, option(page, new RegExp(EVENT_TITLE)).waitFor({ timeout: 15_000 }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/calendar\?date=\d{4}-\d{2}-\d{2}&event=/);
  await steps.step(`event-day-${source}`, page.getByTestId('calendar-page').getByText(EVENT_TITLE).first().waitFor({ timeout: 15_000 }));

  // Escape closes; the empty box lists the recent searches
  await page.keyboard.press('Control+k');
  const recent = page.getByRole('group', { name: 'Recent searches' });
  await recent.waitFor();
  expect(await recent.getByRole('option').allTextContents()).toEqual([EVENT_TITLE.toLowerCase(), BODY_WORD]);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser({ viewport: { width: 1280, height: 900 } }),
  ]);
  steps = watchPage(browser.page, 'palette');
  const [me, sender] = await Promise.all([signUp(server, USER), signUp(server, SENDER)]);
  await api(sender.accessToken, '/api/mail/send', {
    to: [USER.email],
    subject: MAIL_SUBJECT,
    body: `<p>The ${BODY_WORD} count went up again this month.</p>`,
  });
  const start = new Date();
  // next month or later: the calendar shows it only if the link opens its day
  start.setDate(start.getDate() + 40);
  start.setHours(10, 0, 0, 0);
  await api(me.accessToken, '/api/calendar/events/new', {
    title: EVENT_TITLE,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3600_000).toISOString(),
  });
  await signInForOffline(browser.page, server.url, USER);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Ctrl+K palette', () => {
  it('finds a mail by a word of its body and an event by its title, online and offline', async () => {
    const page = browser.page;
    // the mirrored pages, visited online, fill Dexie
    await page.goto(`${server.url}/dashboard/mail`);
    await steps.step('mail-list', page.getByText(MAIL_SUBJECT).first().waitFor({ timeout: 20_000 }));
    await page.goto(`${server.url}/dashboard/calendar`);
    await page.getByTestId('calendar-page').waitFor({ timeout: 20_000 });
    await page.goto(`${server.url}/dashboard/app`);
    await page.getByTestId('palette-button').waitFor({ timeout: 15_000 });

    await findBoth(page, 'server');

    await server.stop();
    await browser.context.setOffline(true);
    await page.goto(`${server.url}/dashboard/app`).catch(() => page.reload());
    await page.getByTestId('palette-button').waitFor({ timeout: 15_000 });
    await page.evaluate(() => localStorage.removeItem(Object.keys(localStorage).find((k) => k.startsWith('clipdeck.palette.recent.'))!));
    await findBoth(page, 'device');
  });

  it('opens from the header button in Arabic, right to left', async () => {
    const page = browser.page;
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    await page.getByTestId('palette-button').click({ timeout: 15_000 });
    const box = page.getByRole('combobox', { name: 'ابحث في الصفحات وبياناتك' });
    await box.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await box.fill(BODY_WORD);
    await option(page, new RegExp(MAIL_SUBJECT)).waitFor({ timeout: 15_000 });
    await page.getByRole('group', { name: 'البريد' }).waitFor();
    await page.keyboard.press('Escape');
  });
});
