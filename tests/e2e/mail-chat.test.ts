// Mail and chat end to end: two users signed in in two Chromium profiles mail each other (with an
// attachment) and chat (each sees the other's message within 2 s through the SSE stream);
// then the server is stopped and both mail and chat still open and show those messages
// after a reload, read from the Dexie mirror with the service worker serving the shell.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  signInForOffline,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
} from './support.ts';

let server: RunningServer;
let alice: Browser;
let bob: Browser;
const run = Date.now().toString(36);
const A = {
  email: `alice-${run}@example.com`,
  firstName: 'Alice',
  lastName: 'Archer',
  password: 'alice-password-1',
};
const B = {
  email: `bob-${run}@example.com`,
  firstName: 'Bob',
  lastName: 'Baker',
  password: 'bob-password-1',
};
let bobId = '';
const subject = `Budget ${run}`;

const POLL = { timeout: 10_000 };

const visible = (page: Page, text: string) => page.getByText(text, { exact: false }).first();

/** Chat delivery time as the two pages see it: from the sender's Enter (a capturing listener)
 *  to the first DOM change in the receiver's page that holds the text (a MutationObserver).
 *  Both read the same clock, and neither includes Playwright's own polling. */
async function timeDelivery(from: Page, to: Page, text: string, send: () => Promise<void>) {
  await to.evaluate((wanted) => {
    const w = window as unknown as { arrivedAt?: Promise<number> };
    w.arrivedAt = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.body.textContent?.includes(wanted)) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
  await from.evaluate(() => {
    const w = window as unknown as { sentAt?: number };
    delete w.sentAt;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') w.sentAt ??= Date.now();
      },
      { capture: true, once: true },
    );
  });
  await send();
  await visible(to, text).waitFor({ timeout: 5000 });
  const arrivedAt = await to.evaluate(() => (window as unknown as { arrivedAt: Promise<number> }).arrivedAt);
  const sentAt = await from.evaluate(() => (window as unknown as { sentAt: number }).sentAt);
  return arrivedAt - sentAt;
}

beforeAll(async () => {
  // the server and the browsers start side by side; so do the two users' sign-ups and sign-ins
  [server, alice, bob] = await Promise.all([startServer(), launchBrowser(), launchBrowser()]);
  bobId = (await Promise.all([signUp(server, A), signUp(server, B)]))[1].user.id;
  await Promise.all([
    signInForOffline(alice.page, server.url, A),
    signInForOffline(bob.page, server.url, B),
  ]);
});

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await server?.stop();
});

describe('mail between two users', () => {
  it('A sends mail with an attachment to B, B reads it and replies, A sees the reply', async () => {
    const a = alice.page;
    await a.goto(`${server.url}/dashboard/mail`);
    await a.getByTestId('compose-button').click();
    const compose = a.getByTestId('compose');
    await compose.getByLabel('To').fill(B.email);
    await compose.getByLabel('To').press('Enter');
    await compose.getByLabel('Subject').fill(subject);
    await compose.locator('.ProseMirror').click();
    await a.keyboard.type('Here are the figures for next quarter.');
    await compose.locator('input[type=file]').setInputFiles({
      name: 'figures.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('quarter,amount\nQ1,1200\n'),
    });
    await expect.poll(() => compose.getByText('figures.csv').count(), POLL).toBeGreaterThan(0);
    await compose.getByTestId('compose-send').click();
    await expect.poll(() => a.getByText('Mail sent').count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => compose.count(), POLL).toBe(0);

    const b = bob.page;
    await b.goto(`${server.url}/dashboard/mail`);
    await visible(b, subject).click();
    await expect
      .poll(() => b.getByTestId('mail-body').textContent())
      .toContain('figures for next quarter');
    expect(await b.getByTestId('attachment').textContent()).toContain('figures.csv');
    // the selected mail lives in the URL
    expect(new URL(b.url()).searchParams.get('id')).toBeTruthy();
    const download = b.waitForEvent('download');
    await b.getByTestId('attachment').click();
    expect((await download).suggestedFilename()).toBe('figures.csv');

    await b.getByTestId('reply').click();
    const reply = b.getByTestId('compose');
    await reply.locator('.ProseMirror').click();
    await b.keyboard.type('Thanks, looks right.');
    await reply.getByTestId('compose-send').click();
    await expect.poll(() => b.getByText('Mail sent').count(), POLL).toBeGreaterThan(0);

    // no click, no reload: the stream announces the delivery to Alice's open page
    await visible(a, `Re: ${subject}`).click();
    await expect
      .poll(() => a.getByTestId('mail-body').textContent())
      .toContain('Thanks, looks right.');
  });
});

describe('sanitising in the browser', () => {
  it('a <script> or onerror in a body never runs or reaches the page', async () => {
    const payload =
      '<p>Look<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">here</a></p>';
    const token = await alice.page.evaluate(() => localStorage.getItem('accessToken'));
    const res = await fetch(`${server.url}/api/mail/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: [B.email], subject: `Sneaky ${run}`, body: payload }),
    });
    expect(res.status).toBe(201);
    const b = bob.page;
    await b.goto(`${server.url}/dashboard/mail`);
    await visible(b, `Sneaky ${run}`).click();
    await expect.poll(() => b.getByTestId('mail-body').textContent(), POLL).toContain('Look');
    // the mirror itself holds a hostile row (as if a server let it through): DOMPurify on render
    await b.evaluate(
      async ([html]) => {
        const open = indexedDB.open('clipdeck');
        const idb: IDBDatabase = await new Promise(
          (resolve) => (open.onsuccess = () => resolve(open.result)),
        );
        const tx = idb.transaction('mails', 'readwrite');
        const store = tx.objectStore('mails');
        const rows: { subject: string; message: string }[] = await new Promise((resolve) => {
          const all = store.getAll();
          all.onsuccess = () => resolve(all.result as never);
        });
        const row = rows.find((r) => r.subject.startsWith('Sneaky'))!;
        store.put({ ...row, message: html });
        await new Promise((resolve) => (tx.oncomplete = resolve));
      },
      [payload],
    );
    // offline, so the page renders the hostile row rather than a fresh server copy
    await bob.context.setOffline(true);
    await b.reload();
    await expect.poll(() => b.getByTestId('mail-body').textContent(), POLL).toContain('Look');
    const body = b.getByTestId('mail-body');
    expect(await body.locator('script, img').count()).toBe(0);
    expect(await body.innerHTML()).not.toMatch(/onerror|javascript:/);
    expect(await b.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await bob.context.setOffline(false);
  });
});

describe('chat between two users', () => {
  it('each sees the other’s message within 2 s', async () => {
    const a = alice.page;
    const b = bob.page;
    await b.goto(`${server.url}/dashboard/chat`);
    await a.goto(`${server.url}/dashboard/chat`);
    // contact search opens (or creates) the conversation
    await a.getByTestId('chat-search').fill('Bob');
    await a.getByTestId('contact').first().click();
    await a.waitForURL(new RegExp(`/dashboard/chat/${bobId}`));
    await a.getByTestId('chat-input').fill(`Hello Bob ${run}`);
    const toBob = await timeDelivery(a, b, `Hello Bob ${run}`, () =>
      a.getByTestId('chat-input').press('Enter'),
    );
    // the conversation was created on the first message and is now in the URL by its id
    await a.waitForURL((url) => !url.pathname.endsWith(bobId));
    // unread count on Bob's list, cleared when he opens it
    await expect.poll(() => b.getByTestId('unread-count').first().textContent(), POLL).toBe('1');
    await b.getByTestId('conversation').first().click();
    await expect.poll(() => b.getByTestId('unread-count').count(), POLL).toBe(0);

    await b.getByTestId('chat-input').fill(`Hi Alice ${run}`);
    const toAlice = await timeDelivery(b, a, `Hi Alice ${run}`, () =>
      b.getByTestId('chat-input').press('Enter'),
    );
    console.log(`chat delivery: to Bob ${toBob} ms, to Alice ${toAlice} ms`);
    // an image: optimistic, delivered, shown to both
    await a.locator('input[type=file]').setInputFiles({
      name: 'dot.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await a.getByTestId('chat-image').first().waitFor({ timeout: 10_000 });
    await b.getByTestId('chat-image').first().waitFor({ timeout: 10_000 });
    expect(toBob).toBeLessThan(2000);
    expect(toAlice).toBeLessThan(2000);
  });
});

describe('offline', () => {
  it('with the server stopped, both still open mail and chat after a reload', async () => {
    const chatUrlA = alice.page.url();
    const chatUrlB = bob.page.url();
    await server.stop();
    for (const [page, chatUrl, mine, theirs, inboxSubject] of [
      [alice.page, chatUrlA, `Hello Bob ${run}`, `Hi Alice ${run}`, `Re: ${subject}`],
      [bob.page, chatUrlB, `Hi Alice ${run}`, `Hello Bob ${run}`, subject],
    ] as const) {
      await page.goto(`${server.url}/dashboard/mail`);
      await visible(page, inboxSubject)
        .waitFor({ timeout: 15_000 })
        .catch(async (error: unknown) => {
          await page.screenshot({ path: '.tmp/e2e-offline-failure.png' });
          throw error;
        });
      await page.getByTestId('mail-offline').waitFor();
      // local search works without the server
      await page.getByTestId('mail-search').fill('Budget');
      await expect.poll(() => page.getByTestId('mail-row').count(), POLL).toBeGreaterThan(0);
      await page.goto(chatUrl);
      await visible(page, mine).waitFor({ timeout: 15_000 });
      await visible(page, theirs).waitFor();
      await page.getByTestId('chat-offline').waitFor();
      // the image seen online is kept on the device
      await page.getByTestId('chat-image').first().waitFor();
      // sending is refused and the text stays in the composer
      await page.getByTestId('chat-input').fill('are you there?');
      await page.getByTestId('chat-input').press('Enter');
      await expect
        .poll(() => page.getByText('the message was not sent').count())
        .toBeGreaterThan(0);
      expect(await page.getByTestId('chat-input').inputValue()).toBe('are you there?');
    }
    // Bob's open mail from Alice is readable offline too
    const b = bob.page;
    await b.goto(`${server.url}/dashboard/mail`);
    await visible(b, subject).click();
    await expect
      .poll(() => b.getByTestId('mail-body').textContent())
      .toContain('figures for next quarter');
  });
});
