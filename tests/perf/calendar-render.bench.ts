// Time to render the calendar's month view from Dexie with the server
// stopped, for a user with N events (default 2,000), in Debian's Chromium. The events are
// created through the real API (a fifth of them in the current month, the rest over the year
// around it), the calendar is visited once online so Dexie holds them, then the server is
// stopped and each run times navigation → the first event painted (and → all of the month's
// visible events painted). Prints the figures; asserts nothing.
// Run: npm run build && npx tsx tests/perf/calendar-render.bench.ts [events]
// (E2E_STATIC_DIR=<dir> serves another build, as in the e2e tests)
import type { Page } from 'playwright-core';

import { launchBrowser, signUp, startServer } from '../e2e/support.ts';
import { paintedAt } from './painted.ts';

const EVENTS = Number(process.argv[2] ?? 2000);
const RUNS = 5;
const PASSWORD = 'bench-password-1';
const COLORS = ['blue', 'green', 'red', 'orange', 'violet', 'teal', 'gray'];

const server = await startServer();
const { accessToken } = await signUp(server, { email: 'calendar@bench.dev', password: PASSWORD });

const now = new Date();
function eventAt(i: number) {
  const inMonth = i % 5 === 0;
  const day = inMonth ? 1 + (i % 28) : 1 + (i % 28);
  const month = inMonth ? now.getMonth() : now.getMonth() - 6 + (i % 13);
  const hour = 7 + (i % 11);
  const start = new Date(now.getFullYear(), month, day, hour, (i % 4) * 15);
  const allDay = i % 9 === 0;
  if (allDay) start.setHours(0, 0, 0, 0);
  const end = allDay
    ? new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1 + (i % 3))
    : new Date(start.getTime() + (30 + (i % 4) * 30) * 60_000);
  return {
    title: `Bench event ${String(i).padStart(4, '0')}`,
    description: i % 3 === 0 ? 'Agenda: review the figures and plan the next sprint.' : '',
    color: COLORS[i % COLORS.length],
    allDay,
    start: start.toISOString(),
    end: end.toISOString(),
  };
}

const seedStarted = Date.now();
let next = 0;
async function worker() {
  while (next < EVENTS) {
    const i = next++;
    const res = await fetch(`${server.url}/api/calendar/events/new`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(eventAt(i)),
    });
    if (!res.ok) throw new Error(`seed ${i}: ${res.status} ${await res.text()}`);
  }
}
await Promise.all(Array.from({ length: 8 }, worker));
console.log(`seeded ${EVENTS} events through the API in ${Date.now() - seedStarted} ms`);

const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
const page = browser.page;
await page.goto(`${server.url}/auth/login`);
await page.getByLabel(/^Email address/).fill('calendar@bench.dev');
await page.getByLabel(/^Password/).fill(PASSWORD);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/\/dashboard\//);
await page.evaluate(async () => {
  await navigator.serviceWorker.ready;
});

async function mirrored(p: Page) {
  return p.evaluate(async () => {
    const open = indexedDB.open('clipdeck');
    const db: IDBDatabase = await new Promise(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    return new Promise<number>((resolve) => {
      const req = db.transaction('events').objectStore('events').count();
      req.onsuccess = () => resolve(req.result);
    });
  });
}

// the online visit that fills Dexie
await page.goto(`${server.url}/dashboard/calendar`);
const fillStarted = Date.now();
while ((await mirrored(page)) < EVENTS) {
  if (Date.now() - fillStarted > 60_000)
    throw new Error(`Dexie holds only ${await mirrored(page)} events`);
  await page.waitForTimeout(200);
}
await server.stop();

async function render(p: Page) {
  await p.goto(`${server.url}/dashboard/calendar`, { waitUntil: 'commit' });
  const first = await paintedAt(p, '.clipdeck-event-title', 'Bench event');
  // settled: the number of painted events stops changing for two frames
  const settled = await p.evaluate(async () => {
    // (no named functions in here: tsx would wrap them in a helper the page does not have)
    let last = -1;
    for (;;) {
      const c = document.querySelectorAll('[data-testid="calendar-page"] a').length;
      if (c === last) return performance.now();
      last = c;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
  });
  return { first, settled };
}
const runs: { first: number; settled: number }[] = [];
for (let i = 0; i < RUNS; i += 1) runs.push(await render(page));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `month view from Dexie, server stopped (${await mirrored(page)} events on the device), navigation → first event painted: median ${median(runs.map((r) => r.first)).toFixed(0)} ms (runs: ${runs.map((r) => r.first.toFixed(0)).join(', ')}); → month settled: median ${median(runs.map((r) => r.settled)).toFixed(0)} ms (runs: ${runs.map((r) => r.settled.toFixed(0)).join(', ')})`,
);
await browser.close();
