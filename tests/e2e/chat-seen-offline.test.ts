// Opening a chat conversation with the server stopped marks it seen at once on the device (the
// unread badge goes and stays gone across a reload) and queues the mark; once the server is
// back the queue delivers it exactly once and the server counts the conversation as read.
// Run: npx vitest run --config vitest.e2e.config.ts tests/e2e/chat-seen-offline.test.ts
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
let browser: Browser;
let readerToken = '';
let conversationId = '';
const run = Date.now().toString(36);
const READER = {
  email: `ada-${run}@example.com`,
  password: 'ada-password-1',
  firstName: 'Ada',
  lastName: 'Reader',
};
const SENDER = {
  email: `sam-${run}@example.com`,
  password: 'sam-password-1',
  firstName: 'Sam',
  lastName: 'Sender',
};
const POLL = { timeout: 30_000, interval: 250 };

const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');
const unreadBadges = (page: Page) =>
  page.getByTestId('conversation-list').getByTestId('unread-count');

async function readerConversation() {
  const res = await fetch(`${server.url}/api/chat/conversations`, {
    headers: { Authorization: `Bearer ${readerToken}` },
  });
  const { conversations } = (await res.json()) as {
    conversations: { id: string; unreadCount: number }[];
  };
  return conversations.find((c) => c.id === conversationId);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    launchBrowser({ viewport: { width: 1280, height: 900 } }),
  ]);
  const [reader, sender] = await Promise.all([signUp(server, READER), signUp(server, SENDER)]);
  readerToken = reader.accessToken;
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${sender.accessToken}`,
      },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<Record<string, { id: string }>>);
  conversationId = (
    await post('/api/chat/conversations/new', {
      participantIds: [reader.user.id],
      message: { body: `First ${run}` },
    })
  ).conversation!.id;
  for (const body of [`Second ${run}`, `Third ${run}`]) {
    await post('/api/chat/messages/new', { conversationId, body });
  }
  await signInForOffline(browser.page, server.url, READER);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('chat offline', () => {
  it('opening a conversation offline marks it seen now and on the server once it is back', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/dashboard/chat`);
    await expect.poll(() => unreadBadges(page).first().textContent(), POLL).toBe('3');

    await server.stop();
    await page.reload();
    await page.getByTestId('chat-offline').waitFor({ timeout: 15_000 });
    expect(await unreadBadges(page).first().textContent()).toBe('3');

    await page.getByTestId('conversation').filter({ hasText: 'Sam Sender' }).click();
    // in the open thread (the list's preview of the last message may show it too)
    await page.getByTestId('chat-thread').getByText(`Third ${run}`).waitFor();
    await expect.poll(() => unreadBadges(page).count(), POLL).toBe(0);
    await expect.poll(() => pending(page), POLL).toBe('1');
    await page.getByTestId('sync-status').click();
    await page.getByTestId('sync-panel').getByText('Mark “Sam Sender” as read').waitFor();
    await page.keyboard.press('Escape');

    // still read after a reload with the server down
    await page.goto(`${server.url}/dashboard/chat`);
    await page.getByTestId('conversation').first().waitFor({ timeout: 15_000 });
    expect(await unreadBadges(page).count()).toBe(0);
    // the header loads its outbox count once the page is idle (use-sync-status.ts)
    await expect.poll(() => pending(page), POLL).toBe('1');
    expect(await unreadBadges(page).count()).toBe(0);
    expect(await readerConversation().catch(() => null)).toBeNull();

    await server.start();
    await expect.poll(() => pending(page), POLL).toBe('0');
    expect(await readerConversation()).toMatchObject({ unreadCount: 0 });
    // one change applied: the device's sync stream stands at 1
    const clientId = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('clipdeck');
          open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open.'));
          open.onsuccess = () => {
            const get = open.result.transaction('meta').objectStore('meta').get('syncClient');
            get.onsuccess = () =>
              resolve((get.result as { value: { clientId: string } }).value.clientId);
            get.onerror = () => reject(get.error ?? new Error('IndexedDB read failed.'));
          };
        }),
    );
    const state = await fetch(`${server.url}/api/sync/state?clientId=${clientId}`, {
      headers: { Authorization: `Bearer ${readerToken}` },
    }).then((res) => res.json());
    expect(state).toEqual({ clientId, lastSeq: 1 });
    expect(await unreadBadges(page).count()).toBe(0);
  });
});
