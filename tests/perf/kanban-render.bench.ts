// Issue 5 measurement: time to render a board of 500 cards from Dexie with the server
// stopped, in Debian's Chromium. The board is seeded through the API (5 columns x 100 cards,
// with labels, assignees and checklists), visited once online so the sync engine mirrors it
// into Dexie, then the server is stopped and each navigation is timed from its start to the
// 500th card painted. Prints the figures; asserts nothing. Run:
//   npx vite build --outDir .tmp/dist-kanban &&
//   E2E_STATIC_DIR=.tmp/dist-kanban npx tsx tests/perf/kanban-render.bench.ts [cards]
import { launchBrowser, signUp, startServer } from '../e2e/support.ts';

const CARDS = Number(process.argv[2] ?? 500);
const COLUMNS = 5;
const PASSWORD = 'bench-password-1';
const email = `kanban-bench-${Date.now().toString(36)}@bench.dev`;

const server = await startServer();
const pct = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

try {
  const { accessToken } = await signUp(server, { email, password: PASSWORD });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}/api/kanban${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, { id: string }>;
  };
  const seedStarted = Date.now();
  const columnIds: string[] = [];
  for (let c = 0; c < COLUMNS; c += 1)
    columnIds.push((await post('/columns/new', { name: `Stage ${c + 1}` })).column!.id);
  for (let i = 0; i < CARDS; i += 1) {
    await post('/cards/new', {
      columnId: columnIds[i % COLUMNS],
      card: {
        name: `Task ${i + 1}: review clip batch ${(i * 7) % 97}`,
        description: 'Check the captions and the thumbnails.',
        assignees: i % 3 ? ['Ada Lovelace', 'Grace Hopper'] : [],
        priority: (['low', 'medium', 'high'] as const)[i % 3],
        due: i % 4 ? null : new Date(Date.now() + i * 3_600_000).toISOString(),
        labels: i % 2 ? ['video', 'q4'] : [],
        checklist:
          i % 5
            ? []
            : [
                { id: 'a', text: 'Captions', done: true },
                { id: 'b', text: 'Thumbnail', done: false },
              ],
      },
    });
  }
  console.log(
    `seeded ${CARDS} cards in ${COLUMNS} columns through the API in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  const page = browser.page;
  await page.goto(`${server.url}/auth/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  /** the same shell with an empty dashboard page: what any offline page costs before its data */
  async function timeToBlank() {
    await page.goto(`${server.url}/dashboard/blank`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
    );
  }

  async function timeToCards() {
    await page.goto(`${server.url}/dashboard/kanban`, { waitUntil: 'commit' });
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="kanban-card"]').length >= n,
      CARDS,
      { timeout: 60_000, polling: 'raf' },
    );
    // the frame after the cards are in the DOM: painted
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))),
    );
  }
  const online = await timeToCards();
  await server.stop();
  const offline: number[] = [];
  const shell: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    offline.push(await timeToCards());
    shell.push(await timeToBlank());
  }
  // a keyboard move on the full board: from key press to the card shown in its new column
  await timeToCards();
  const first = page.getByTestId('kanban-card').first();
  await first.focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(200);
  const moveStarted = Date.now();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
    () =>
      document
        .querySelectorAll('[data-testid="kanban-column"]')[1]
        ?.querySelector('[data-dragging]'),
    null,
    {
      timeout: 10_000,
      polling: 'raf',
    },
  );
  const moveMs = Date.now() - moveStarted;
  await page.keyboard.press('Space');
  console.log(
    `board of ${CARDS} cards, navigation start → all cards painted: online, first visit ${online.toFixed(0)} ms; ` +
      `server stopped (from Dexie) median ${pct(offline, 0.5).toFixed(0)} ms, best ${Math.min(...offline).toFixed(0)} ms, worst ${Math.max(...offline).toFixed(0)} ms (${offline.length} reloads; the blank dashboard page alone: median ${pct(shell, 0.5).toFixed(0)} ms); ` +
      `keyboard move of one card to the next column shown in ${moveMs} ms`,
  );
  await browser.close();
} finally {
  await server.stop();
}
