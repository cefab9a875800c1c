// Time to paint a board of 500 cards from Dexie with the server stopped, in Debian's Chromium.
// The board is seeded through the API (5 columns x 100 cards, with labels, assignees and
// checklists), visited once online so the sync engine mirrors it into Dexie, then the server
// is stopped and each navigation is timed from its start to the first full paint: every
// column shows its card count and its card list is filled (down to the bottom of the column,
// or to its last card). The frame after that is the figure. Prints the figures; asserts
// nothing. Run:
//   npx vite build --outDir /tmp/dist-kanban --emptyOutDir &&
//   E2E_STATIC_DIR=/tmp/dist-kanban npx tsx tests/perf/kanban-render.bench.ts [cards]
import { launchBrowser, signUp, startServer } from '../e2e/support.ts';
import { paintedAt } from './painted.ts';

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
    return paintedAt(page, 'h1');
  }

  async function timeToCards() {
    await page.goto(`${server.url}/dashboard/kanban`, { waitUntil: 'commit' });
    await page.waitForFunction(
      ({ columns, perColumn }) => {
        const list = document.querySelectorAll('[data-testid="kanban-column"]');
        if (list.length < columns) return false;
        return [...list].every((column) => {
          const count = column.querySelector('[data-testid="column-count"]')?.textContent;
          const body = column.querySelector('[data-testid="column-cards"]');
          const cards = column.querySelectorAll('[data-testid="kanban-card"]');
          const last = cards[cards.length - 1];
          // (a board that renders every card has no count to read: all its cards are there)
          if (count != null && Number(count) !== perColumn) return false;
          if (!body || !last?.textContent) return false;
          return (
            cards.length >= perColumn ||
            last.getBoundingClientRect().bottom >= body.getBoundingClientRect().bottom
          );
        });
      },
      { columns: COLUMNS, perColumn: CARDS / COLUMNS },
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
  console.log(
    `board of ${CARDS} cards, navigation start → first full paint: online, first visit ${online.toFixed(0)} ms; ` +
      `server stopped (from Dexie) median ${pct(offline, 0.5).toFixed(0)} ms, best ${Math.min(...offline).toFixed(0)} ms, worst ${Math.max(...offline).toFixed(0)} ms ` +
      `(${offline.length} reloads: ${offline.map((x) => x.toFixed(0)).join(', ')}; the blank dashboard page alone: median ${pct(shell, 0.5).toFixed(0)} ms)`,
  );
  // a keyboard move on the full board: from key press to the card shown in its new column
  await timeToCards();
  const first = page.getByTestId('kanban-card').first();
  await first.locator('[role="button"]').focus();
  await page.keyboard.press('Space');
  await page.locator('[data-testid="drag-overlay"]').waitFor({ timeout: 10_000 });
  const moveStarted = Date.now();
  await page.keyboard.press('ArrowRight');
  const moved = await page
    .waitForFunction(
      () =>
        document
          .querySelectorAll('[data-testid="kanban-column"]')[1]
          ?.querySelector('[data-testid="kanban-card"][data-dragging]'),
      null,
      { timeout: 10_000, polling: 'raf' },
    )
    .then(
      () => true,
      () => false,
    );
  const moveMs = Date.now() - moveStarted;
  await page.keyboard.press('Escape');
  console.log(
    moved
      ? `keyboard move of one card to the next column shown in ${moveMs} ms`
      : 'keyboard move: the card did not show in the next column within 10 s',
  );
  await browser.close();
} finally {
  await server.stop();
}
