// Background Sync in Chromium: changes queued offline on the kanban page, the tab goes away
// before the network comes back, and the service worker's `sync` event (tag clipdeck-outbox:
// fired by Chromium on reconnect, and dispatched through the DevTools protocol as well) replays
// the queue on its own — reading the token copy and the outbox from IndexedDB — so the server
// holds each change once while no Clipdeck page is open. Build first (npm run build).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

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
const USER = { email: `bgsync-${run}@example.com`, password: 'bgsync-password-1' };

async function serverCards(): Promise<string[]> {
  const res = await fetch(`${server.url}/api/kanban/board`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { board } = (await res.json()) as { board: { cards: Record<string, { name: string }> } };
  return Object.values(board.cards).map((c) => c.name);
}

/** Rows in the outbox, read from a page of the origin that runs no app code. */
const outboxRows = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('clipdeck');
    const db: IDBDatabase = await new Promise(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    const count: number = await new Promise((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').count();
      req.onsuccess = () => resolve(req.result);
    });
    db.close();
    return count;
  });

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

it('the service worker replays the queue on its own when the sync event fires', async () => {
  const page = browser.page;
  await page.goto(`${server.url}/dashboard/kanban`);
  await page.getByTestId('starter-board').click();
  await page.getByTestId('kanban-column').nth(2).waitFor();
  await expect.poll(() => serverCards().then((c) => c.length)).toBe(0);
  await expect.poll(() => outboxRows(page), { timeout: 15_000 }).toBe(0);

  await browser.context.setOffline(true);
  const names = ['Worker one', 'Worker two', 'Worker three'];
  const section = page.getByRole('region', { name: 'To do' });
  await section.getByTestId('add-card').click();
  for (const name of names) {
    await section.getByTestId('new-card-name').fill(name);
    await section.getByTestId('new-card-name').press('Enter');
    await page.getByRole('button', { name: new RegExp(`^${name}, in `) }).waitFor();
  }

  // the tab goes away (no page left to replay), then the network is back
  const probe = await browser.context.newPage();
  await page.close();
  expect(await serverCards()).toEqual([]);
  await browser.context.setOffline(false);
  await probe.goto(`${server.url}/favicon.svg`);

  const cdp = await browser.cdp(probe);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(server.url) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  // Chromium fires the event itself on reconnect (the page registered the tag when its replay
  // failed offline); dispatching it too makes the test independent of when it does
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: server.url,
    registrationId: await registration,
    tag: 'clipdeck-outbox',
    lastChance: false,
  });

  await expect.poll(() => outboxRows(probe), { timeout: 15_000 }).toBe(0);
  const cards = await serverCards();
  expect(names.map((n) => cards.filter((c) => c === n).length)).toEqual([1, 1, 1]);
});
