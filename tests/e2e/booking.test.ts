// Booking in Chromium against the real, seeded server: a visitor who is signed out books a
// demo on /demo (day, time, name and email, confirm) and gets a confirmation with the time and
// a cancel link; the host (the demo admin, whose page /demo is) sees the meeting in their
// calendar; the visitor cancels with the link, the meeting leaves the host's calendar and the
// time is free again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, startServer, type Browser, type RunningServer } from './support.ts';

const ADMIN = { email: 'admin@clipdeck.dev', password: 'clipdeck-admin' };
const VISITOR = `Eve Visitor ${Date.now().toString(36)}`;
const TITLE = `Clipdeck demo — ${VISITOR}`;

let server: RunningServer;
let visitor: Browser;
let host: Browser;
let adminToken = '';
let booked: { start: string; cancelPath: string };

async function api<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The demo page's free starts on the day of `start`. */
async function freeOnDay(start: string) {
  const from = new Date(Date.parse(start) - 12 * 3_600_000).toISOString();
  const to = new Date(Date.parse(start) + 12 * 3_600_000).toISOString();
  return (
    await api<{ slots: string[] }>(`/api/booking/pages/clipdeck-demo/slots?from=${from}&to=${to}`)
  ).slots;
}

async function hostEvents() {
  return (
    await api<{ events: { title: string; start: string }[] }>('/api/calendar/events', adminToken)
  ).events;
}

/** The event on the host's calendar page, looking one month further if it is not in this one. */
async function calendarShows(page: Page, title: string) {
  await page.goto(`${server.url}/dashboard/calendar`);
  const event = page.getByTestId('calendar-page').getByText(title, { exact: true }).first();
  try {
    await event.waitFor({ timeout: 10_000 });
  } catch {
    await page.getByRole('button', { name: /next/i }).first().click();
    await event.waitFor({ timeout: 10_000 });
  }
}

beforeAll(async () => {
  [server, visitor, host] = await Promise.all([
    startServer({ seed: true }),
    launchBrowser({ viewport: { width: 1280, height: 900 } }),
    launchBrowser(),
  ]);
  const login = await fetch(`${server.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  adminToken = ((await login.json()) as { accessToken: string }).accessToken;
}, 300_000);
afterAll(async () => {
  await visitor?.close();
  await host?.close();
  await server?.stop();
});

describe('booking a demo', () => {
  it('a signed-out visitor books a time on /demo and gets the time and a cancel link', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}/demo`);
    await page.getByRole('heading', { name: 'Book a demo', level: 1 }).waitFor();
    const times = page.getByRole('group', { name: 'Pick a time' });
    await times.getByRole('button').first().waitFor();
    const first = times.getByRole('button').first();
    const label = (await first.textContent())!;
    await first.click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel(/Your name/).fill(VISITOR);
    await page.getByLabel(/Your email/).fill('eve@example.com');
    const answer = page.waitForResponse((r) =>
      r.url().includes('/api/booking/pages/clipdeck-demo/bookings'),
    );
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    const { booking } = (await res.json()) as { booking: { start: string } };
    await page.getByRole('heading', { name: 'You are booked' }).waitFor();
    // the confirmation shows the time the visitor picked, in their zone
    expect(await page.getByTestId('booked-time').textContent()).toContain(label);
    const cancelPath = (await page
      .getByRole('link', { name: 'Cancel this booking' })
      .getAttribute('href'))!;
    expect(cancelPath).toMatch(/^\/book\/cancel\?code=[\w-]{20,}$/);
    booked = { start: booking.start, cancelPath };
    expect(await freeOnDay(booked.start)).not.toContain(booked.start);
  });

  it('the host sees the meeting in their calendar', async () => {
    expect((await hostEvents()).some((e) => e.title === TITLE && e.start === booked.start)).toBe(
      true,
    );
    const { page } = host;
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\//);
    await calendarShows(page, TITLE);
    // and in the bookings page, with the figures
    await page.goto(`${server.url}/dashboard/booking`);
    await page.getByText(VISITOR, { exact: true }).waitFor();
  });

  it('the visitor cancels with the link: the time is free again and the event is gone', async () => {
    const { page } = visitor;
    await page.goto(`${server.url}${booked.cancelPath}`);
    await page.getByRole('heading', { name: 'Cancel your booking' }).waitFor();
    await page.getByRole('button', { name: 'Cancel the meeting' }).click();
    await page.getByRole('heading', { name: 'Your booking is cancelled' }).waitFor();
    expect(await freeOnDay(booked.start)).toContain(booked.start);
    expect((await hostEvents()).some((e) => e.title === TITLE)).toBe(false);
    // the link works once
    await page.reload();
    await page.getByRole('heading', { name: 'This booking was already cancelled' }).waitFor();
    // the slot shows on /demo again
    await page.goto(`${server.url}/demo`);
    await page.getByRole('group', { name: 'Pick a time' }).getByRole('button').first().waitFor();
  });
});
