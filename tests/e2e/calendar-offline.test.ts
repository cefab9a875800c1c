// Offline sync end to end, calendar side: a user visits the calendar online, then loses the network
// and the server (stopped, and the browser offline, as on a train). After a reload the page
// renders from Dexie; an event is created, one edited and one deleted through the UI while the
// header counts the pending changes. Back online with the server started again, within 15 s
// the server holds each change exactly once and nothing is pending. Then Arabic renders RTL.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
  signInForOffline,
  watchPage,
} from './support.ts';

let server: RunningServer;
let browser: Browser;
/** the page, watched: a failed step prints its console and alerts (support.ts) */
let steps: ReturnType<typeof watchPage>;
let token = '';
const run = Date.now().toString(36);
const USER = { email: `cal-${run}@example.com`, password: 'calendar-password-1' };
const POLL = { timeout: 15_000, interval: 250 };

interface ServerEvent {
  id: string;
  title: string;
  start: string;
  end: string;
}

const today = (h: number, m = 0) => {
  const d = new Date();
  d.setHours(h, m, 0, 0);
  return d;
};
const local = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};

async function serverEvents(): Promise<ServerEvent[]> {
  const res = await fetch(`${server.url}/api/calendar/events`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET events: ${res.status}`);
  return ((await res.json()) as { events: ServerEvent[] }).events;
}

async function createOnServer(title: string, start: Date, end: Date) {
  const res = await fetch(`${server.url}/api/calendar/events/new`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ title, start: start.toISOString(), end: end.toISOString() }),
  });
  if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
}

const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');
const eventOnCalendar = (page: Page, title: string) =>
  page.getByTestId('calendar-page').getByText(title, { exact: true }).first();


beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser({ viewport: { width: 1280, height: 900 } }),
  ]);
  steps = watchPage(browser.page, 'calendar');
  token = (await signUp(server, USER)).accessToken;
  await createOnServer(`Budget review ${run}`, today(9), today(10));
  await createOnServer(`Old meeting ${run}`, today(14), today(15));
  await signInForOffline(browser.page, server.url, USER);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('calendar offline', () => {
  it('renders from Dexie offline, queues create/edit/delete, and delivers each once on reconnect', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/dashboard/calendar`);
    await steps.step('first-load', eventOnCalendar(page, `Budget review ${run}`).waitFor({ timeout: 15_000 }));
    await eventOnCalendar(page, `Old meeting ${run}`).waitFor();

    await server.stop();
    await browser.context.setOffline(true);
    await page.reload();
    await steps.step('reload', eventOnCalendar(page, `Budget review ${run}`).waitFor({ timeout: 15_000 }));
    await page.getByTestId('calendar-offline').waitFor();
    expect(await pending(page)).toBe('0');

    // create
    await page.getByTestId('new-event').click();
    const form = page.getByTestId('event-form');
    await form.getByLabel(/^Title/).fill(`Offline picnic ${run}`);
    await form.getByLabel(/^Starts/).fill(local(today(11)));
    await form.getByLabel(/^Ends/).fill(local(today(10)));
    await form.getByRole('button', { name: 'Create event' }).click();
    // refused on its field, input kept
    await form.getByText('The end must not be before the start.').waitFor();
    expect(await form.getByLabel(/^Title/).inputValue()).toBe(`Offline picnic ${run}`);
    await form.getByLabel(/^Ends/).fill(local(today(12, 30)));
    await form.getByRole('radio', { name: 'Green' }).click();
    await form.getByRole('button', { name: 'Create event' }).click();
    await steps.step('offline-create', eventOnCalendar(page, `Offline picnic ${run}`).waitFor());
    await expect.poll(() => pending(page), POLL).toBe('1');

    // edit
    await eventOnCalendar(page, `Budget review ${run}`).click();
    await form.getByLabel(/^Title/).fill(`Budget review (moved) ${run}`);
    await form.getByLabel(/^Starts/).fill(local(today(16)));
    await form.getByLabel(/^Ends/).fill(local(today(17)));
    await form.getByRole('button', { name: 'Save changes' }).click();
    await steps.step('offline-move', eventOnCalendar(page, `Budget review (moved) ${run}`).waitFor());
    await expect.poll(() => pending(page), POLL).toBe('2');

    // delete, with confirmation
    await eventOnCalendar(page, `Old meeting ${run}`).click();
    await form.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('delete-confirm').getByRole('button', { name: 'Delete event' }).click();
    await expect.poll(() => eventOnCalendar(page, `Old meeting ${run}`).count(), POLL).toBe(0);
    await expect.poll(() => pending(page), POLL).toBe('3');

    // the panel lists the queue in words
    await page.getByTestId('sync-status').click();
    const panel = page.getByTestId('sync-panel');
    await panel.getByText(`Create event “Offline picnic ${run}”`).waitFor();
    await panel.getByText(`Edit event “Budget review (moved) ${run}”`).waitFor();
    expect(await panel.getByTestId('sync-queued-row').count()).toBe(3);
    await page.keyboard.press('Escape');

    // still there after an offline reload
    await page.reload();
    await steps.step('replayed', eventOnCalendar(page, `Offline picnic ${run}`).waitFor({ timeout: 15_000 }));
    await eventOnCalendar(page, `Budget review (moved) ${run}`).waitFor();
    expect(await eventOnCalendar(page, `Old meeting ${run}`).count()).toBe(0);
    await expect.poll(() => pending(page), POLL).toBe('3');

    // back online
    await server.start();
    const reconnectedAt = Date.now();
    await browser.context.setOffline(false);
    await expect.poll(() => pending(page), POLL).toBe('0');
    await expect
      .poll(async () => (await serverEvents()).map((e) => e.title).sort(), POLL)
      .toEqual([`Budget review (moved) ${run}`, `Offline picnic ${run}`].sort());
    console.log(`reconnect → queue empty and server up to date: ${Date.now() - reconnectedAt} ms`);
    const events = await serverEvents();
    const picnic = events.filter((e) => e.title === `Offline picnic ${run}`);
    expect(picnic).toHaveLength(1);
    expect(new Date(picnic[0]!.end).getTime()).toBe(today(12, 30).getTime());
    const moved = events.find((e) => e.title.startsWith('Budget review'));
    expect(new Date(moved!.start).getTime()).toBe(today(16).getTime());
    // the header says it is back
    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-online'), POLL)
      .toBe('true');
  });

  it('drags an event to another day of the week; the server gets the move', async () => {
    const page = browser.page;
    // online, whatever the test before left behind
    if (!server.running()) await server.start();
    await browser.context.setOffline(false);
    await page.goto(`${server.url}/dashboard/calendar`);
    const chip = eventOnCalendar(page, `Offline picnic ${run}`);
    await steps.step('chip', chip.waitFor({ timeout: 15_000 }));
    const shift = new Date().getDay() === 0 ? 1 : -1;
    const target = new Date();
    target.setDate(target.getDate() + shift);
    const day = local(target).slice(0, 10);
    const from = (await chip.boundingBox())!;
    const to = (await page.locator(`[data-date="${day}"]`).first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(async () => {
        const picnic = (await serverEvents()).find((e) => e.title === `Offline picnic ${run}`);
        return picnic && new Date(picnic.start).getTime();
      }, POLL)
      .toBe(new Date(today(11).getTime()).setDate(today(11).getDate() + shift));
    await expect.poll(() => pending(page), POLL).toBe('0');
  });

  it('renders right to left in Arabic, week starting on Sunday at the right', async () => {
    const page = browser.page;
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto(`${server.url}/dashboard/calendar`);
    await steps.step(
      'arabic',
      page.getByRole('heading', { name: 'التقويم', exact: true }).waitFor({ timeout: 15_000 }),
    );
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('radio', { name: 'شهر' }).isChecked()).toBe(true);
    const sunday = page.getByTestId('calendar-page').getByText('الأحد', { exact: true }).first();
    const saturday = page.getByTestId('calendar-page').getByText('السبت', { exact: true }).first();
    await sunday.waitFor();
    const [sun, sat] = [await sunday.boundingBox(), await saturday.boundingBox()];
    expect(sun!.x).toBeGreaterThan(sat!.x);
    await eventOnCalendar(page, `Offline picnic ${run}`).waitFor();
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  });
});
