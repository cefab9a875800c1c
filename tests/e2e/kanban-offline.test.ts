// Offline sync end to end, kanban: a new user builds a board online; the server is stopped; the
// network goes too; the page reloads from Dexie (service worker shell) and the user moves cards
// between columns and a column (keyboard sensor), adds, edits and deletes a card; the server comes
// back and within 15 s it holds exactly the board the client shows, with the sync queue empty.
// Build first: npx vite build --outDir .tmp/dist-kanban
//   E2E_STATIC_DIR=.tmp/dist-kanban npx vitest run --config vitest.e2e.config.ts tests/e2e/kanban-offline.test.ts
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
  signInForOffline,
} from './support.ts';

let server: RunningServer;
let browser: Browser;
let token = '';
const run = Date.now().toString(36);
const USER = { email: `kanban-${run}@example.com`, password: 'kanban-password-1' };
const POLL = { timeout: 10_000 };

interface ShownColumn {
  id: string;
  name: string;
  cards: string[];
}

/** The board as the page shows it: columns in order, each with its card ids in order. */
const shownBoard = (page: Page) =>
  page.$$eval('[data-testid="kanban-column"]', (columns) =>
    columns.map((column) => ({
      id: column.getAttribute('data-column-id') ?? '',
      name: column.querySelector('h2')?.textContent ?? '',
      cards: [...column.querySelectorAll('[data-testid="kanban-card"]')].map(
        (card) => card.getAttribute('data-card-id') ?? '',
      ),
    })),
  );

interface ServerBoard {
  columnOrder: string[];
  columns: Record<string, { id: string; name: string; cardIds: string[] }>;
  cards: Record<string, { id: string; name: string; priority: string; columnId: string }>;
}

async function serverBoard(): Promise<ServerBoard> {
  const res = await fetch(`${server.url}/api/kanban/board`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { board: ServerBoard }).board;
}

const asShown = (board: ServerBoard): ShownColumn[] =>
  board.columnOrder.map((id) => ({
    id,
    name: board.columns[id]!.name,
    cards: board.columns[id]!.cardIds,
  }));

const outboxCount = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('clipdeck');
    const db: IDBDatabase = await new Promise(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    return new Promise<number>((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').count();
      req.onsuccess = () => resolve(req.result);
    });
  });

/** The id of the card whose control is named "name, in …" (the id sits on the card, the
 *  control is inside it). */
const cardId = async (page: Page, name: string) =>
  (await page
    .getByTestId('kanban-card')
    .filter({ has: page.getByRole('button', { name: new RegExp(`^${name}, in `) }) })
    .getAttribute('data-card-id'))!;

async function keyboardDrag(page: Page, target: ReturnType<Page['getByRole']>, keys: string[]) {
  await target.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
}

async function addCard(page: Page, column: string, name: string) {
  const section = page.getByRole('region', { name: column });
  if ((await section.getByTestId('new-card-name').count()) === 0)
    await section.getByTestId('add-card').click();
  await section.getByTestId('new-card-name').fill(name);
  await section.getByTestId('new-card-name').press('Enter');
  await page.getByRole('button', { name: new RegExp(`^${name}, in `) }).waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser({ viewport: { width: 1440, height: 900 } }),
  ]);
  token = (await signUp(server, USER)).accessToken;
  await signInForOffline(browser.page, server.url, USER);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('kanban offline', () => {
  it('edits made with the server stopped reach it exactly once after it is back', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/dashboard/kanban`);
    // a new user's board is empty: one click gives three columns
    await page.getByTestId('starter-board').click();
    await expect.poll(() => page.getByTestId('kanban-column').count(), POLL).toBe(3);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await addCard(page, 'To do', name);
    await addCard(page, 'In progress', 'Delta');
    await expect.poll(() => outboxCount(page), POLL).toBe(0);
    expect(asShown(await serverBoard())).toEqual(await shownBoard(page));

    // the train: no network, and no server either
    await server.stop();
    await browser.context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: /^Alpha, in To do/ }).waitFor({ timeout: 15_000 });
    await page.getByTestId('offline-notice').waitFor();
    expect((await shownBoard(page)).map((c) => c.cards.length)).toEqual([3, 1, 0]);

    const [alpha, bravo, charlie, delta] = [
      await cardId(page, 'Alpha'),
      await cardId(page, 'Bravo'),
      await cardId(page, 'Charlie'),
      await cardId(page, 'Delta'),
    ];
    // Bravo: To do → In progress (keyboard), lands before Delta
    await keyboardDrag(page, page.getByRole('button', { name: /^Bravo, in To do/ }), [
      'ArrowRight',
    ]);
    await expect.poll(async () => (await shownBoard(page))[1]?.cards, POLL).toEqual([bravo, delta]);
    // Delta: In progress → Done
    await keyboardDrag(page, page.getByRole('button', { name: /^Delta, in In progress/ }), [
      'ArrowRight',
    ]);
    await expect.poll(async () => (await shownBoard(page))[2]?.cards, POLL).toEqual([delta]);
    // the Done column moves to the front
    await keyboardDrag(page, page.getByRole('button', { name: 'Move column Done' }), [
      'ArrowLeft',
      'ArrowLeft',
    ]);
    await expect
      .poll(async () => (await shownBoard(page)).map((c) => c.name), POLL)
      .toEqual(['Done', 'To do', 'In progress']);

    // add, edit, delete
    await addCard(page, 'Done', 'Echo');
    await page.getByRole('button', { name: /^Alpha, in To do/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('card-name').fill('Alpha edited');
    await drawer.getByText('High', { exact: true }).click();
    await drawer.getByTestId('save-card').click();
    await page.getByRole('button', { name: /^Alpha edited, in To do/ }).waitFor();
    await page.getByRole('button', { name: /^Charlie, in To do/ }).click();
    await page.getByTestId('delete-card').click();
    await page.getByTestId('confirm').click();
    await expect
      .poll(() => page.getByRole('button', { name: /^Charlie, in / }).count(), POLL)
      .toBe(0);

    // it all survives a reload with the server still down
    const before = await shownBoard(page);
    await page.reload();
    await page
      .getByRole('button', { name: /^Alpha edited, in To do/ })
      .waitFor({ timeout: 15_000 });
    expect(await shownBoard(page)).toEqual(before);
    expect(await outboxCount(page)).toBeGreaterThan(0);
    expect(before.map((c) => c.cards)).toEqual([[delta, expect.any(String)], [alpha], [bravo]]);

    await server.start();
    await browser.context.setOffline(false);
    const started = Date.now();
    await expect
      .poll(async () => (await outboxCount(page)) === 0 && asShown(await serverBoard()), {
        timeout: 15_000,
        interval: 250,
      })
      .toEqual(before);
    console.log(
      `kanban: server holds the offline board ${Date.now() - started} ms after reconnecting`,
    );
    const board = await serverBoard();
    expect(board.cards[alpha]).toMatchObject({ name: 'Alpha edited', priority: 'high' });
    expect(board.cards[charlie]).toBeUndefined();
    expect(Object.keys(board.cards)).toHaveLength(4);
    expect(await shownBoard(page)).toEqual(before);
  });
});
