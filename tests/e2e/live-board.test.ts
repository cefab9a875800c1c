// Boards and calendars shared live, end to end in Chromium (docs/live.md): three people on one
// board, each in their own browser. A moves a card and B sees it without reloading; B goes
// offline and renames a card that A renames too; back online, B sees the conflict and keeps
// A's name in one click; C, a viewer, has no drag handles, and a drag of a card changes nothing
// and sends no write. Then a calendar shared with B shows its event in the calendar's colour
// and hides it with the calendar's toggle.
// Build first (npm run build), then:
//   npx vitest run --config vitest.e2e.config.ts tests/e2e/live-board.test.ts
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveTeam, type Member } from './live-team.ts';

const team = liveTeam('live-board-password-1');
const { people, call } = team;
let boardId = '';
let calendarId = '';
const POLL = { timeout: 15_000 };

interface ServerCard {
  id: string;
  name: string;
  columnId: string;
  conflicts?: unknown[];
}
const serverBoard = () =>
  call<{ board: { cards: Record<string, ServerCard>; columnOrder: string[]; columns: Record<string, { name: string }> } }>(
    'a',
    'GET',
    `/api/kanban/boards/${boardId}`,
  ).then((r) => r.board);

/** The cards a column shows, by name. */
const columnCards = (page: Page, column: string) =>
  page
    .getByRole('region', { name: column })
    .getByTestId('kanban-card')
    .evaluateAll((cards) => cards.map((c) => c.querySelector('span:not([aria-hidden])')?.textContent ?? ''));

async function openBoard(who: Member): Promise<Page> {
  const page = await team.openAs(who, `/dashboard/kanban?board=${boardId}`);
  await page.getByRole('region', { name: 'To do' }).waitFor();
  return page;
}

async function rename(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: new RegExp(`^${from}, in `) }).click();
  const drawer = page.getByTestId('card-drawer');
  await drawer.getByTestId('card-name').fill(to);
  await drawer.getByTestId('save-card').click();
  await drawer.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  await team.start();
  // Ada's board: To do (Alpha, Bravo) and Doing
  const { boards } = await call<{ boards: { id: string; role: string }[] }>('a', 'GET', '/api/kanban/boards');
  boardId = boards.find((b) => b.role === 'owner')!.id;
  const todo = crypto.randomUUID();
  await call('a', 'POST', '/api/kanban/columns/new', { id: todo, boardId, name: 'To do' });
  await call('a', 'POST', '/api/kanban/columns/new', { id: crypto.randomUUID(), boardId, name: 'Doing' });
  for (const name of ['Alpha', 'Bravo'])
    await call('a', 'POST', '/api/kanban/cards/new', { columnId: todo, card: { id: crypto.randomUUID(), name } });
  await call('a', 'POST', '/api/sharing/invite', { kind: 'board', id: boardId, email: people.b.email, role: 'editor' });
  await call('a', 'POST', '/api/sharing/invite', { kind: 'board', id: boardId, email: people.c.email, role: 'viewer' });
  await call('b', 'POST', '/api/sharing/accept', { kind: 'board', id: boardId });
  await call('c', 'POST', '/api/sharing/accept', { kind: 'board', id: boardId });
  // Ada's calendar, with one event today, shared with Ben as a viewer
  const { calendars } = await call<{ calendars: { id: string; role: string }[] }>('a', 'GET', '/api/calendars');
  calendarId = calendars.find((c) => c.role === 'owner')!.id;
  const noon = new Date();
  noon.setHours(12, 0, 0, 0);
  await call('a', 'POST', '/api/calendar/events/new', {
    title: 'Launch review',
    start: noon.toISOString(),
    end: new Date(noon.getTime() + 3_600_000).toISOString(),
    color: 'red',
  });
  await call('a', 'POST', '/api/sharing/invite', { kind: 'calendar', id: calendarId, email: people.b.email, role: 'viewer' });
  await call('b', 'POST', '/api/sharing/accept', { kind: 'calendar', id: calendarId });
}, 240_000);

afterAll(() => team.stop());

describe('a board shared live', () => {
  let ada: Page;
  let ben: Page;

  it('A moves a card and B sees it move without reloading; each sees the other', async () => {
    ada = await openBoard('a');
    ben = await openBoard('b');
    expect(await columnCards(ben, 'To do')).toEqual(['Alpha', 'Bravo']);
    await expect.poll(() => ada.getByTestId('presence-viewer').getAttribute('aria-label'), POLL).toBe(
      'Ben Editor is looking at the board',
    );
    const before = await ben.evaluate(() => performance.getEntriesByType('navigation').length);

    const alpha = ada.getByRole('button', { name: /^Alpha, in To do/ });
    await alpha.focus();
    await ada.keyboard.press('Space');
    await ada.waitForTimeout(200);
    await ada.keyboard.press('ArrowRight');
    await ada.waitForTimeout(250);
    await ada.keyboard.press('Space');

    await expect.poll(() => columnCards(ben, 'Doing'), POLL).toEqual(['Alpha']);
    expect(await columnCards(ben, 'To do')).toEqual(['Bravo']);
    // the same document: no reload happened
    expect(await ben.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
  }, 120_000);

  it('B renames a card offline that A renames too; back online B sees the conflict and keeps A’s', async () => {
    await ben.context().setOffline(true);
    await rename(ben, 'Bravo', 'Bravo by Ben');
    await rename(ada, 'Bravo', 'Bravo by Ada');
    await expect
      .poll(async () => Object.values((await serverBoard()).cards).map((c) => c.name).sort(), POLL)
      .toEqual(['Alpha', 'Bravo by Ada']);

    await ben.context().setOffline(false);
    const card = ben.getByRole('button', { name: /^Bravo by Ben, in To do\. Conflicts to resolve: 1/ });
    await card.waitFor(POLL);
    await card.focus();
    await ben.keyboard.press('Enter');
    const conflict = ben.getByTestId('conflict');
    await expect.poll(() => conflict.innerText(), POLL).toContain(
      'Ada Owner changed the name while you were offline',
    );
    expect(await conflict.getByTestId('conflict-yours').innerText()).toBe('Bravo by Ben');
    expect(await conflict.getByTestId('conflict-theirs').innerText()).toBe('Bravo by Ada');
    await conflict.getByRole('button', { name: 'Keep Ada Owner' }).focus();
    await ben.keyboard.press('Enter');

    await expect
      .poll(async () => Object.values((await serverBoard()).cards).map((c) => [c.name, c.conflicts?.length ?? 0]), POLL)
      .toContainEqual(['Bravo by Ada', 0]);
    await ben.keyboard.press('Escape');
    await expect.poll(() => columnCards(ben, 'To do'), POLL).toEqual(['Bravo by Ada']);
    await expect.poll(() => columnCards(ada, 'To do'), POLL).toEqual(['Bravo by Ada']);
  }, 120_000);

  it('C, a viewer, sees "View only": no handles, and a drag moves nothing and sends no write', async () => {
    const cleo = await openBoard('c');
    expect(await cleo.getByTestId('view-only').textContent()).toBe('View only');
    expect(await cleo.getByTestId('column-handle').count()).toBe(0);
    expect(await cleo.getByTestId('add-card').count()).toBe(0);
    const writes: string[] = [];
    cleo.on('request', (request) => {
      if (request.method() !== 'GET' && !request.url().includes('/api/live/presence')) writes.push(request.url());
    });
    const card = cleo.getByTestId('kanban-card').filter({ hasText: 'Bravo by Ada' });
    const from = (await card.boundingBox())!;
    const to = (await cleo.getByRole('region', { name: 'Doing' }).boundingBox())!;
    await cleo.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await cleo.mouse.down();
    for (let step = 1; step <= 10; step += 1)
      await cleo.mouse.move(from.x + ((to.x - from.x) * step) / 10 + 20, from.y + 40, { steps: 2 });
    await cleo.mouse.up();
    await cleo.keyboard.press('Escape');
    await cleo.waitForTimeout(1500);
    expect(await columnCards(cleo, 'To do')).toEqual(['Bravo by Ada']);
    expect(await columnCards(cleo, 'Doing')).toEqual(['Alpha']);
    expect(writes).toEqual([]);
    const board = await serverBoard();
    expect(board.columns[Object.values(board.cards).find((c) => c.name === 'Bravo by Ada')!.columnId]!.name).toBe('To do');
  }, 120_000);
});

describe('a calendar shared live', () => {
  it('shows the shared event in the calendar’s colour, and hides it with the toggle', async () => {
    const { calendars } = await call<{ calendars: { id: string; color: string }[] }>('b', 'GET', '/api/calendars');
    const color = calendars.find((c) => c.id === calendarId)!.color;
    const page = await team.openAs('b', '/dashboard/calendar');
    const event = page.getByText('Launch review').first();
    await event.waitFor(POLL);
    // the event's box: the nearest element around the title with a background of its own
    const drawn = await event.evaluate((el) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor;
        if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') return background;
      }
      return '';
    });
    const expected = await page.evaluate((hex) => {
      const probe = document.createElement('div');
      probe.style.color = hex;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    }, color);
    expect(drawn).toBe(expected);

    const item = page.locator(`[data-testid="calendar-item"][data-calendar-id="${calendarId}"]`);
    await item.getByRole('checkbox').click();
    await expect.poll(() => page.getByText('Launch review').count(), POLL).toBe(0);
    await item.getByRole('checkbox').click();
    await expect.poll(() => page.getByText('Launch review').count(), POLL).toBeGreaterThan(0);
  }, 120_000);
});
