// A calendar shared live, end to end in Chromium (docs/live.md): Ada shares her calendar with
// Cleo as a viewer and with Ben as an editor, each in their own browser. Cleo opens Ada's event
// from the keyboard and reads its details with nothing to edit or save; with only Ada's calendar
// shown, selecting a day offers no new event, and nothing is written. Ben selects a day, puts
// the new event into Ada's calendar with the form's calendar picker, and Ada sees it appear
// without reloading.
// Build first (npm run build), then:
//   npx vitest run --config vitest.e2e.config.ts tests/e2e/live-calendar.test.ts
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveTeam, type Member } from './live-team.ts';

const team = liveTeam('live-calendar-password-1');
const { people, call } = team;
let calendarId = '';
const POLL = { timeout: 15_000 };

const ownCalendar = async (who: Member) =>
  (
    await call<{ calendars: { id: string; role: string }[] }>(who, 'GET', '/api/calendars')
  ).calendars.find((c) => c.role === 'owner')!.id;

async function openCalendar(who: Member): Promise<Page> {
  const page = await team.openAs(who, '/dashboard/calendar');
  await page.getByTestId('calendar-list').waitFor(POLL);
  return page;
}

/** Presses on the empty foot of today's cell in the month and drags a little: a selection. */
async function selectToday(page: Page) {
  const today = new Date().toLocaleDateString('en-CA');
  const cell = page.locator(`[role="cell"][data-date="${today}"]`).first();
  await cell.scrollIntoViewIfNeeded();
  const box = (await cell.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 4, box.y + box.height - 6, { steps: 3 });
  await page.mouse.up();
}

beforeAll(async () => {
  await team.start();
  calendarId = await ownCalendar('a');
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  await call('a', 'POST', '/api/calendar/events/new', {
    title: 'Launch review',
    description: 'Bring the figures',
    start: noon.toISOString(),
    end: new Date(noon.getTime() + 3_600_000).toISOString(),
    color: 'red',
  });
  for (const [who, role] of [
    ['b', 'editor'],
    ['c', 'viewer'],
  ] as const) {
    await call('a', 'POST', '/api/sharing/invite', {
      kind: 'calendar',
      id: calendarId,
      email: people[who].email,
      role,
    });
    await call(who, 'POST', '/api/sharing/accept', { kind: 'calendar', id: calendarId });
  }
  // Cleo looks at Ada's calendar only
  await call('c', 'POST', '/api/calendars/settings', {
    calendarId: await ownCalendar('c'),
    shown: false,
  });
}, 240_000);

afterAll(() => team.stop());

describe('a calendar shared live', () => {
  it('a viewer reads an event’s details with nothing to save, and a selected day offers no form', async () => {
    const cleo = await openCalendar('c');
    const writes: string[] = [];
    cleo.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    const event = cleo.getByRole('button', { name: /Launch review/ }).first();
    await event.waitFor(POLL);
    await event.focus();
    await cleo.keyboard.press('Enter');

    const details = cleo.getByRole('dialog', { name: 'Launch review' });
    await details.waitFor();
    const text = await details.innerText();
    expect(text).toContain('Bring the figures');
    expect(text).toContain('Ada Owner');
    expect(text).toMatch(/view only/i);
    expect(await details.getByRole('textbox').count()).toBe(0);
    expect(await details.getByRole('button', { name: /Save|Delete|Create/ }).count()).toBe(0);
    await cleo.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // the empty part of today's cell, pressed and dragged over: no new event form
    await selectToday(cleo);
    await cleo.waitForTimeout(800);
    expect(await cleo.getByRole('dialog').count()).toBe(0);
    expect(writes).toEqual([]);
  }, 120_000);

  it('an editor creates an event in the shared calendar and the owner sees it without reloading', async () => {
    const ada = await openCalendar('a');
    await ada.getByText('Launch review').first().waitFor(POLL);
    const before = await ada.evaluate(() => performance.getEntriesByType('navigation').length);

    const ben = await openCalendar('b');
    await ben.getByText('Launch review').first().waitFor(POLL);
    // the same gesture as Cleo's, where Ben may write: the form opens
    await selectToday(ben);
    const form = ben.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    await form.getByLabel(/^Title/).fill('Planning with Ben');
    const picker = form.getByRole('combobox', { name: 'Calendar' });
    expect(await picker.inputValue()).toBe('My calendar');
    await picker.click();
    await ben.getByRole('option', { name: /Ada Owner/ }).click();
    expect(await picker.inputValue()).toMatch(/Ada Owner/);
    await form.getByRole('button', { name: 'Create event' }).click();
    await form.waitFor({ state: 'hidden' });

    await expect.poll(() => ada.getByText('Planning with Ben').count(), POLL).toBeGreaterThan(0);
    expect(await ada.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      before,
    );
    const { events } = await call<{ events: { title: string; calendarId: string }[] }>(
      'a',
      'GET',
      '/api/calendar/events',
    );
    expect(events.map((e) => [e.title, e.calendarId])).toContainEqual([
      'Planning with Ben',
      calendarId,
    ]);
  }, 120_000);

  it('on a phone the picker opens under its field without widening the page', async () => {
    const page = await team.openAs('b', '/dashboard/calendar', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.getByText('Launch review').first().waitFor(POLL);
    await page.getByTestId('new-event').click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    const picker = form.getByRole('combobox', { name: 'Calendar' });
    await picker.click();
    const option = page.getByRole('option', { name: /Ada Owner/ });
    await option.waitFor();
    await page.waitForTimeout(300);
    // a dropdown drawn past the edge for a moment makes a phone lay the page out wider
    expect(await page.evaluate(() => innerWidth)).toBe(390);
    const field = (await picker.boundingBox())!;
    const listed = (await option.boundingBox())!;
    expect(listed.y).toBeGreaterThan(field.y);
    expect(listed.x + listed.width).toBeLessThanOrEqual(390);
  }, 120_000);
});
