// Mail and chat measurements against a real server process and Debian's Chromium:
//  - a mailbox of 10,000 mails (written straight into the database before the server starts);
//  - p50/p95 of GET /api/mail/mails (first pages, cursor pages, searches) over HTTP;
//  - time to first list paint of /dashboard/mail from navigation: online on a fresh profile
//    (empty Dexie), online with the mirror filled, and offline (server stopped, reload);
//  - chat: median time from pressing Enter in one browser to the text on the other's screen.
// Prints the figures; asserts nothing. Run: npx vite build --outDir /tmp/dist-mail --emptyOutDir &&
//   E2E_STATIC_DIR=/tmp/dist-mail npx tsx tests/perf/mail-chat.bench.ts  (or `npm run bench:mail`)
// BENCH_PAINT_ONLY=1 measures only the list paints (no API latency, no chat).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { hashPassword } from '../../server/auth/password.ts';
import { openDatabase } from '../../server/db/client.ts';
import { mailboxItems, mailMessages, users } from '../../server/db/schema/index.ts';
import { launchBrowser, startServer } from '../e2e/support.ts';
import { paintedAt } from './painted.ts';

const MAILS = Number(process.argv[2] ?? 10_000);
const PAINT_ONLY = process.env.BENCH_PAINT_ONLY === '1';
const PASSWORD = 'bench-password-1';
const WORDS =
  'budget review clip catalogue launch draft invoice meeting offline tagging sprint video summary plan'.split(
    ' ',
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-mailbench-'));
const seedStarted = Date.now();
{
  const database = await openDatabase({ dataDir });
  const db = database.db;
  const hash = await hashPassword(PASSWORD);
  const [reader, writer] = await db
    .insert(users)
    .values([
      {
        email: 'reader@bench.dev',
        username: 'reader@bench.dev',
        firstName: 'Rita',
        lastName: 'Reader',
        slug: 'rita-reader',
        passwordHash: hash,
      },
      {
        email: 'writer@bench.dev',
        username: 'writer@bench.dev',
        firstName: 'Walt',
        lastName: 'Writer',
        slug: 'walt-writer',
        passwordHash: hash,
      },
    ])
    .returning();
  const now = Date.now();
  for (let start = 0; start < MAILS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, MAILS - start) }, (_, k) => {
      const i = start + k;
      const w = (n: number) => WORDS[(i * 7 + n) % WORDS.length];
      const body = `<p>Mail ${i}: the ${w(1)} for the ${w(2)} is ready. Notes about the ${w(3)} follow.</p>`;
      return {
        senderId: writer!.id,
        subject: `${w(0)} ${w(4)} #${i}`,
        bodyHtml: body,
        bodyText: body.replace(/<[^>]+>/g, ''),
        to: [{ name: 'Rita Reader', email: 'reader@bench.dev' }],
        sentAt: new Date(now - i * 60_000),
      };
    });
    const rows = await db
      .insert(mailMessages)
      .values(batch)
      .returning({ id: mailMessages.id, sentAt: mailMessages.sentAt });
    await db.insert(mailboxItems).values(
      rows.map((r, k) => ({
        ownerId: reader!.id,
        messageId: r.id,
        folder: 'inbox' as const,
        isRead: k % 3 === 0,
        receivedAt: r.sentAt!,
      })),
    );
  }
  await database.close();
}
console.log(`seeded ${MAILS} mails in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

const server = await startServer({ dataDir });
const pct = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function login(email: string) {
  const res = await fetch(`${server.url}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return (await res.json()) as { accessToken: string; user: { id: string } };
}

try {
  const reader = await login('reader@bench.dev');
  const auth = { Authorization: `Bearer ${reader.accessToken}` };

  // --- the mail list call -------------------------------------------------------------
  if (!PAINT_ONLY) await listCalls();
  async function listCalls() {
    const pages: number[] = [];
    const searches: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 220; i += 1) {
      const params = new URLSearchParams({ labelId: 'inbox', limit: '50' });
      if (i % 4 === 1 && cursor) params.set('cursor', cursor);
      if (i % 4 === 2) params.set('search', WORDS[i % WORDS.length]!);
      if (i % 4 === 3) params.set('labelId', 'all');
      const started = performance.now();
      const res = await fetch(`${server.url}/api/mail/mails?${params}`, { headers: auth });
      const body = (await res.json()) as { nextCursor: string | null };
      const ms = performance.now() - started;
      if (i >= 20) (i % 4 === 2 ? searches : pages).push(ms);
      if (i % 4 !== 2) cursor = body.nextCursor;
    }
    const all = [...pages, ...searches];
    console.log(
      `GET /api/mail/mails (limit 50) over HTTP, ${all.length} requests: p50 ${pct(all, 0.5).toFixed(1)} ms, p95 ${pct(all, 0.95).toFixed(1)} ms; label pages and cursor pages only: p95 ${pct(pages, 0.95).toFixed(1)} ms; text searches only: p95 ${pct(searches, 0.95).toFixed(1)} ms`,
    );
  }

  // --- first list paint ----------------------------------------------------------------
  const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  const page = browser.page;
  await page.goto(`${server.url}/auth/login`);
  await page.getByLabel(/^Email address/).fill('reader@bench.dev');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\//);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  async function firstPaint(p: Page) {
    await p.goto(`${server.url}/dashboard/mail`, { waitUntil: 'commit' });
    return paintedAt(p, '[data-testid="mail-row"]');
  }
  const cold = await firstPaint(page);
  // let the background mirror fill (up to 500 mails per label)
  await page.waitForTimeout(4000);
  const warm: number[] = [];
  for (let i = 0; i < 5; i += 1) warm.push(await firstPaint(page));
  await server.stop();
  const offline: number[] = [];
  for (let i = 0; i < 5; i += 1) offline.push(await firstPaint(page));
  const mirrored = await page.evaluate(async () => {
    const open = indexedDB.open('clipdeck');
    const db: IDBDatabase = await new Promise(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    return new Promise<number>((resolve) => {
      const req = db.transaction('mails').objectStore('mails').count();
      req.onsuccess = () => resolve(req.result);
    });
  });
  console.log(
    `first mail-list paint of /dashboard/mail from navigation (${MAILS} mails in the mailbox, ${mirrored} mirrored): online, empty device ${cold.toFixed(0)} ms; online, mirror filled median ${pct(warm, 0.5).toFixed(0)} ms; offline (server stopped) median ${pct(offline, 0.5).toFixed(0)} ms (runs: ${offline.map((x) => x.toFixed(0)).join(', ')})`,
  );
  await browser.close();
  if (PAINT_ONLY) process.exit(0);
  await server.start();

  // --- chat delivery -------------------------------------------------------------------
  const writer = await login('writer@bench.dev');
  const open = await fetch(`${server.url}/api/chat/conversations/new`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ participantIds: [writer.user.id] }),
  });
  const { conversation } = (await open.json()) as { conversation: { id: string } };
  const [a, b] = [await launchBrowser(), await launchBrowser()];
  for (const [br, email] of [
    [a, 'reader@bench.dev'],
    [b, 'writer@bench.dev'],
  ] as const) {
    await br.page.goto(`${server.url}/auth/login`);
    await br.page.getByLabel(/^Email address/).fill(email);
    await br.page.getByLabel(/^Password/).fill(PASSWORD);
    await br.page.getByRole('button', { name: 'Sign in' }).click();
    await br.page.waitForURL(/\/dashboard\//);
    await br.page.goto(`${server.url}/dashboard/chat/${conversation.id}`);
    await br.page.getByTestId('chat-input').waitFor();
  }
  await a.page.waitForTimeout(1500);
  const delivery: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const [from, to] = i % 2 ? [b.page, a.page] : [a.page, b.page];
    const text = `ping ${i} ${Date.now()}`;
    await from.getByTestId('chat-input').fill(text);
    const started = Date.now();
    await from.getByTestId('chat-input').press('Enter');
    await to.getByText(text).first().waitFor({ timeout: 10_000 });
    delivery.push(Date.now() - started);
  }
  console.log(
    `chat delivery, Enter in one browser to text on the other's screen, ${delivery.length} messages: median ${pct(delivery, 0.5)} ms, p95 ${pct(delivery, 0.95)} ms, max ${Math.max(...delivery)} ms`,
  );
  await a.close();
  await b.close();
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
