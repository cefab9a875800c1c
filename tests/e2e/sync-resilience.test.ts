// Replay resilience in Chromium, driving the real app against the real server:
//  (a) many changes queued offline, the network comes back, the server applies the batch and is
//      SIGKILLed before its answer reaches the page, then restarted: afterwards each change is on the server exactly once
//      (every card once, the server's last applied seq = the changes made, nothing rejected);
//  (b) two tabs of the same profile make changes offline at the same time — cards on the
//      board in both, then events on the calendar in one while the other keeps adding cards
//      (one sync stream, one Web Lock) — then go online together: nothing lost, nothing twice,
//      both tabs show the server's state.
// Build first (npm run build, or E2E_STATIC_DIR for another build directory).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
let proxy: AnswerLossProxy;
/** where the browser goes: the proxy in front of the server */
let appUrl = '';
let browser: Browser;
let token = '';
const run = Date.now().toString(36);
const USER = { email: `resilience-${run}@example.com`, password: 'resilience-password-1' };
const POLL = { timeout: 15_000 };

interface ServerBoard {
  columnOrder: string[];
  columns: Record<string, { id: string; name: string; cardIds: string[] }>;
  cards: Record<string, { id: string; name: string; columnId: string }>;
}

interface AnswerLossProxy {
  url: string;
  /** the next POST /api/sync/batch is forwarded, answered by the server, and then `onAnswer`
   *  runs and the browser's connection is reset: the server applied it, nobody heard */
  loseNextBatchAnswer: (onAnswer: () => Promise<void>) => Promise<void>;
  close: () => Promise<void>;
}

/** A pass-through proxy (streams too) in front of the server; the page AND the service worker
 *  reach the server only through it, so whichever of them replays, its answer can be lost. */
async function startAnswerLossProxy(upstream: () => number): Promise<AnswerLossProxy> {
  let armed: {
    onAnswer: () => Promise<void>;
    done: () => void;
    fail: (e: unknown) => void;
  } | null = null;
  const proxyServer = http.createServer((req, res) => {
    const options = {
      host: '127.0.0.1',
      port: upstream(),
      method: req.method,
      path: req.url,
      headers: req.headers,
    };
    const target = armed && req.method === 'POST' && req.url === '/api/sync/batch' ? armed : null;
    if (target) armed = null;
    const up = http.request(options, (answer) => {
      if (!target) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      answer.resume();
      answer.on('end', () => {
        target.onAnswer().then(() => {
          res.socket?.destroy();
          target.done();
        }, target.fail);
      });
    });
    up.on('error', () => res.socket?.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => proxyServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`,
    loseNextBatchAnswer: (onAnswer) =>
      new Promise((done, fail) => (armed = { onAnswer, done, fail })),
    close: () =>
      new Promise((resolve) => {
        proxyServer.closeAllConnections();
        proxyServer.close(() => resolve());
      }),
  };
}

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

const serverBoard = async () => (await api<{ board: ServerBoard }>('/api/kanban/board')).board;

/** Card names per column, in board order, as the server has them. */
const serverColumns = (board: ServerBoard) =>
  board.columnOrder.map((id) => ({
    name: board.columns[id]!.name,
    cards: board.columns[id]!.cardIds.map((c) => board.cards[c]!.name),
  }));

/** The same, as the page shows it. */
/** The board as the page shows it. A column draws only the cards near its visible part, so
 *  each column is scrolled from top to bottom and its cards read by their place (data-index). */
const shownColumns = (page: Page) =>
  page.$$eval('[data-testid="kanban-column"]', async (columns) => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const read = (column: Element, into: Map<number, string>) => {
      for (const card of column.querySelectorAll('[data-testid="kanban-card"][data-index]')) {
        // a card's control is named "<name>, in <column>"
        const control = card.querySelector('[role="button"]');
        into.set(Number(card.getAttribute('data-index')), (control?.getAttribute('aria-label') ?? '').replace(/, in .*$/, ''));
      }
    };
    const shown = [];
    for (const column of columns) {
      const cards = new Map<number, string>();
      read(column, cards);
      let scroller = column.querySelector('[data-testid="kanban-card"]')?.parentElement ?? null;
      while (scroller && scroller !== column && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY))
        scroller = scroller.parentElement;
      if (scroller && scroller !== column && scroller.scrollHeight > scroller.clientHeight) {
        for (let top = 0; top <= scroller.scrollHeight; top += Math.max(50, scroller.clientHeight / 2)) {
          scroller.scrollTop = top;
          await frames();
          read(column, cards);
        }
        scroller.scrollTop = 0;
        await frames();
      }
      shown.push({
        name: column.querySelector('h2')?.textContent ?? '',
        cards: [...cards.entries()].sort((a, b) => a[0] - b[0]).map(([, name]) => name),
      });
    }
    return shown;
  });

/** The sync queue as IndexedDB holds it: rows still waiting, rows the server refused. */
const outbox = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('clipdeck');
    const db: IDBDatabase = await new Promise(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    const rows: { status: string }[] = await new Promise((resolve) => {
      const req = db.transaction('outbox').objectStore('outbox').getAll();
      req.onsuccess = () => resolve(req.result as { status: string }[]);
    });
    const meta: { value: { clientId: string; nextSeq: number } } | undefined = await new Promise(
      (resolve) => {
        const req = db.transaction('meta').objectStore('meta').get('syncClient');
        req.onsuccess = () => resolve(req.result as never);
      },
    );
    db.close();
    return {
      queued: rows.filter((r) => r.status === 'queued').length,
      rejected: rows.filter((r) => r.status === 'rejected').length,
      clientId: meta?.value.clientId ?? '',
      made: (meta?.value.nextSeq ?? 1) - 1,
    };
  });

async function addCard(page: Page, column: string, name: string) {
  const section = page.getByRole('region', { name: column });
  if ((await section.getByTestId('new-card-name').count()) === 0)
    await section.getByTestId('add-card').click();
  await section.getByTestId('new-card-name').fill(name);
  await section.getByTestId('new-card-name').press('Enter');
  await page.getByRole('button', { name: new RegExp(`^${name}, in `) }).waitFor();
}

/** Creates a timed event today through the calendar's form. */
async function createEvent(page: Page, title: string, hour: number) {
  const at = (h: number) => {
    const d = new Date();
    d.setHours(h, 0, 0, 0);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(h)}:00`;
  };
  await page.getByTestId('new-event').click();
  const form = page.getByTestId('event-form');
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Starts/).fill(at(hour));
  await form.getByLabel(/^Ends/).fill(at(hour + 1));
  await form.getByRole('button', { name: 'Create event' }).click();
  await page.getByTestId('calendar-page').getByText(title, { exact: true }).first().waitFor();
}

async function openBoard(page: Page) {
  await page.goto(`${appUrl}/dashboard/kanban`);
  await page.getByTestId('kanban-column').first().waitFor({ timeout: 15_000 });
}

/** Every card the server holds, by name, with how many times it is there. */
const cardCounts = (board: ServerBoard) => {
  const counts = new Map<string, number>();
  for (const card of Object.values(board.cards))
    counts.set(card.name, (counts.get(card.name) ?? 0) + 1);
  return counts;
};

beforeAll(async () => {
  proxy = await startAnswerLossProxy(() => server.port);
  appUrl = proxy.url;
  [server, browser] = await Promise.all([
    startServer({ env: { PUBLIC_URL: appUrl } }),
    launchBrowser({ viewport: { width: 1440, height: 900 } }),
  ]);
  token = (await signUp(server, USER)).accessToken;
  const page = browser.page;
  await signInForOffline(page, appUrl, USER);
  await page.goto(`${appUrl}/dashboard/kanban`);
  await page.getByTestId('starter-board').click();
  await page.getByTestId('kanban-column').nth(2).waitFor();
  const deadline = Date.now() + POLL.timeout;
  while ((await outbox(page)).queued > 0 && Date.now() < deadline) await page.waitForTimeout(100);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await proxy?.close();
});

describe('replay resilience', () => {
  it('the server killed in the middle of a replay: afterwards every change is there exactly once', async () => {
    const page = browser.page;
    const CARDS = 40;
    const names = Array.from(
      { length: CARDS },
      (_, i) => `Queued ${String(i + 1).padStart(2, '0')}`,
    );
    await browser.context.setOffline(true);
    for (const name of names) await addCard(page, 'To do', name);
    expect((await outbox(page)).queued).toBe(CARDS);

    // back online: the queue goes out in one batch (from the page, or from the service worker
    // if Chromium's Background Sync wins the lock). The server applies it and answers; the
    // proxy SIGKILLs the server and resets the connection instead of passing the answer on:
    // every change is on the server, the device knows of none and must send them all again
    // (the chaos run also kills mid-apply).
    const { clientId, made } = await outbox(page);
    const before = made - CARDS; // the starter board's changes, applied already
    let appliedAtKill = -1;
    const killed = proxy.loseNextBatchAnswer(async () => {
      const state = await api<{ lastSeq: number }>(`/api/sync/state?clientId=${clientId}`);
      appliedAtKill = state.lastSeq - before;
      await server.kill();
    });
    await browser.context.setOffline(false);
    await killed;
    await page.waitForTimeout(300);
    const leftAtKill = (await outbox(page)).queued;
    console.log(
      `resilience: server SIGKILLed after applying ${appliedAtKill} changes, its answer lost; ${leftAtKill} of ${CARDS} still queued`,
    );
    expect(appliedAtKill, 'the server applied the whole batch').toBe(CARDS);
    expect(leftAtKill, 'and the device never heard').toBe(CARDS);

    await page.waitForTimeout(1_000);
    const restartedAt = Date.now();
    await server.start();
    await expect
      .poll(async () => (await outbox(page)).queued, { timeout: 90_000, interval: 250 })
      .toBe(0);
    console.log(
      `resilience: queue empty ${Date.now() - restartedAt} ms after the server restarted`,
    );

    const state = await outbox(page);
    expect(state.rejected).toBe(0);
    const { lastSeq } = await api<{ lastSeq: number }>(
      `/api/sync/state?clientId=${state.clientId}`,
    );
    expect(lastSeq, 'the server applied every change of this device').toBe(state.made);
    const board = await serverBoard();
    const counts = cardCounts(board);
    expect(names.map((n) => counts.get(n) ?? 0)).toEqual(names.map(() => 1));
    expect(serverColumns(board)[0]).toEqual({ name: 'To do', cards: names });
    await expect.poll(() => shownColumns(page), POLL).toEqual(serverColumns(board));
  });

  it('two tabs editing offline at once, then online: nothing lost, nothing twice', async () => {
    const first = browser.page;
    const second = await browser.context.newPage();
    await openBoard(first);
    await openBoard(second);
    await browser.context.setOffline(true);

    const fromFirst: string[] = [];
    const fromSecond: string[] = [];
    for (let i = 1; i <= 6; i += 1) {
      fromFirst.push(`Tab one ${i}`);
      await addCard(first, 'In progress', `Tab one ${i}`);
      fromSecond.push(`Tab two ${i}`);
      await addCard(second, 'Done', `Tab two ${i}`);
    }
    // each tab sees the other's offline changes (one local database)
    await second.getByRole('button', { name: /^Tab one 6, in / }).waitFor();
    await first.getByRole('button', { name: /^Tab two 6, in / }).waitFor();
    // the second tab moves on to the calendar (offline: the worker serves the page) and adds
    // events while the first keeps adding cards
    await second.goto(`${appUrl}/dashboard/calendar`);
    await second.getByTestId('new-event').waitFor({ timeout: 15_000 });
    const titles = [`Offline event A ${run}`, `Offline event B ${run}`];
    for (const [i, title] of titles.entries()) {
      await createEvent(second, title, 9 + i * 2);
      fromFirst.push(`Tab one ${7 + i}`);
      await addCard(first, 'In progress', `Tab one ${7 + i}`);
    }
    const before = await outbox(first);
    expect(before.queued).toBe(16);

    await browser.context.setOffline(false);
    await expect
      .poll(async () => (await outbox(first)).queued, { timeout: 30_000, interval: 250 })
      .toBe(0);
    const after = await outbox(second);
    expect(after.rejected).toBe(0);
    const { lastSeq } = await api<{ lastSeq: number }>(
      `/api/sync/state?clientId=${after.clientId}`,
    );
    expect(lastSeq).toBe(after.made);

    const board = await serverBoard();
    const counts = cardCounts(board);
    const made = [...fromFirst, ...fromSecond];
    expect(made.map((n) => counts.get(n) ?? 0)).toEqual(made.map(() => 1));
    const columns = serverColumns(board);
    expect(columns.find((c) => c.name === 'In progress')?.cards).toEqual(fromFirst);
    expect(columns.find((c) => c.name === 'Done')?.cards).toEqual(fromSecond);
    const events = await api<{ events: { title: string }[] }>('/api/calendar/events');
    expect(titles.map((t) => events.events.filter((e) => e.title === t).length)).toEqual([1, 1]);
    await expect.poll(() => shownColumns(first), POLL).toEqual(columns);
    for (const title of titles)
      await second.getByTestId('calendar-page').getByText(title, { exact: true }).first().waitFor();
    await second.close();
  });
});
