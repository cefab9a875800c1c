// The Ctrl+K palette's time from a keystroke to its results on screen, offline, with 10,000 mails
// mirrored in Dexie (written straight into the page's IndexedDB: the mail mirror itself keeps only
// the newest pages of each label). A real server process serves the app, then stops; the browser
// goes offline, so every search runs on the device. Per query: the query but its last character is
// typed, then the time from the last keydown to the frame after the list shows that query's answer
// (the 150 ms debounce included). The first query after a reload also reads the mails into memory:
// it is reported on its own (cold). Prints the figures; asserts nothing. Run: npx vite build
// --outDir /tmp/dist-palette --emptyOutDir &&
//   E2E_STATIC_DIR=/tmp/dist-palette npx tsx tests/perf/palette.bench.ts  (or `npm run bench:palette`)
import type { Page } from 'playwright-core';

import { launchBrowser, signInForOffline, signUp, startServer } from '../e2e/support.ts';

const MAILS = Number(process.argv[2] ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORDS = 'budget review clip catalogue launch draft invoice meeting offline tagging sprint video summary plan'.split(' ');
// body words, subject words, prefixes, two words, and misses (a miss reads every entry)
const QUERIES = ['invoice', 'sprint', 'catal', 'meeting plan', 'launch #42', 'zebra', 'tagging summary', 'qwxyz', 'offline', 'rev'];
const USER = { email: `palette-bench-${Date.now().toString(36)}@bench.dev`, password: 'bench-password-1' };

const pct = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function seedMails(page: Page, count: number) {
  return page.evaluate(
    async ({ count, words }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('clipdeck');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('open failed'));
      });
      const now = Date.now();
      for (let start = 0; start < count; start += 1000) {
        const tx = db.transaction('mails', 'readwrite');
        const store = tx.objectStore('mails');
        for (let i = start; i < Math.min(count, start + 1000); i += 1) {
          // no named functions in here: tsx would wrap them in a helper the page does not have
          const w = [0, 1, 2, 3, 4].map((n) => words[(i * 7 + n) % words.length]);
          const text = `Mail ${i}: the ${w[1]} for the ${w[2]} is ready. Notes about the ${w[3]} follow, with the figures for the quarter and a few lines more so the body is as long as a real one.`;
          const at = new Date(now - i * 60_000).toISOString();
          store.put({
            id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
            messageId: `m${i}`,
            folder: 'inbox',
            labelIds: ['all', 'inbox'],
            subject: `${w[0]} ${w[4]} #${i}`,
            message: `<p>${text}</p><p>Best regards,<br>Walt</p>`,
            preview: text.slice(0, 120),
            from: { name: 'Walt Writer', email: 'writer@bench.dev' },
            to: [{ name: 'Rita Reader', email: 'reader@bench.dev' }],
            cc: [],
            bcc: [],
            isRead: i % 3 === 0,
            isStarred: false,
            isImportant: false,
            isDraft: false,
            attachments: [],
            inReplyToId: null,
            createdAt: at,
            sentAt: at,
          });
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
      }
      const total = await new Promise<number>((resolve) => {
        const req = db.transaction('mails').objectStore('mails').count();
        req.onsuccess = () => resolve(req.result);
      });
      db.close();
      return total;
    },
    { count, words: WORDS },
  );
}

/** Types `query` but its last character, waits for that answer, then times the last keystroke. */
async function timeQuery(page: Page, query: string): Promise<number> {
  const box = page.getByTestId('palette-input');
  await box.fill(query.slice(0, -1));
  if (query.length > 1)
    await page.waitForFunction((q) => document.querySelector('[data-testid=palette-results]')?.getAttribute('data-answered') === q, query.slice(0, -1).trim(), { timeout: 60_000 });
  await page.evaluate((q) => {
    const w = window as unknown as { paletteTimed?: Promise<number> };
    w.paletteTimed = new Promise<number>((resolve) => {
      let t0 = 0;
      const input = document.querySelector('[data-testid=palette-input]')!;
      input.addEventListener('keydown', () => (t0 = performance.now()), { once: true });
      const list = document.querySelector('[data-testid=palette-results]')!;
      const observer = new MutationObserver(() => {
        if (list.getAttribute('data-answered') !== q) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - t0));
      });
      observer.observe(list, { attributes: true, attributeFilter: ['data-answered'] });
    });
  }, query.trim());
  await page.keyboard.press(query.slice(-1) === ' ' ? 'Space' : query.slice(-1));
  return page.evaluate(() => (window as unknown as { paletteTimed: Promise<number> }).paletteTimed);
}

const server = await startServer();
try {
  await signUp(server, USER);
  const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  const page = browser.page;
  await signInForOffline(page, server.url, USER);
  // the mail page creates the mirror's tables; its first pull (an empty mailbox) is awaited
  await page.goto(`${server.url}/dashboard/mail`);
  await page.getByTestId('mail-page').or(page.getByRole('heading', { level: 1 })).first().waitFor({ timeout: 30_000 });
  // offline first, so no pull of the (empty) mailbox reconciles the seeded mails away
  await server.stop();
  await browser.context.setOffline(true);
  await page.reload();
  await page.getByTestId('palette-button').waitFor({ timeout: 30_000 });
  const seeded = Date.now();
  const mirrored = await seedMails(page, MAILS);
  console.log(`mirrored ${mirrored} mails in Dexie in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  const cold: number[] = [];
  const warm: number[] = [];
  // the search alone (no debounce, no rendering), after the first of each page load
  const searches: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await page.reload();
    await page.getByTestId('palette-button').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').waitFor();
    cold.push(await timeQuery(page, QUERIES[round % QUERIES.length]!));
    for (const query of QUERIES) warm.push(await timeQuery(page, query));
    searches.push(
      ...(await page.evaluate(() =>
        performance.getEntriesByName('palette-search:device').map((e) => e.duration),
      )).slice(1),
    );
    await page.keyboard.press('Escape');
  }
  console.log(
    `palette, keystroke → results shown, offline with ${mirrored} mails mirrored (debounce 150 ms included), ${warm.length} queries: p50 ${pct(warm, 0.5).toFixed(0)} ms, p95 ${pct(warm, 0.95).toFixed(0)} ms; first query after a reload (reads the mails): ${cold.map((x) => x.toFixed(0)).join(', ')} ms; the device search alone: p50 ${pct(searches, 0.5).toFixed(1)} ms, p95 ${pct(searches, 0.95).toFixed(1)} ms`,
  );
  await browser.close();
} finally {
  if (server.running()) await server.stop();
}
