// Keyboard only: the main journey of each main feature done with Tab, Shift+Tab, Enter, Space,
// the arrows and typed text — never a click — on the seeded demo. Every element a journey stops
// on must show where the focus is (an outline or ring, or the caret of a text field), and each
// journey must end where a mouse user's would (the reply sent, the event on the calendar…).
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch, signIn, USERS } from './a11y-pages.ts';
import { startServer, type RunningServer } from './support.ts';

const POLL = { timeout: 20_000 };
const run = Date.now().toString(36);

let server: RunningServer;
let browser: Awaited<ReturnType<typeof launch>>;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ seed: true }), launch()]);
  const token = await signIn(server, USERS.demo);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript((t) => {
    if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
  }, token);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Whether the focused element shows it: an outline or a ring, or a text field's caret. */
function focusShown(): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `${el.tagName} is not visible`;
    if (
      el.isContentEditable ||
      el.matches('textarea, input:not([type=checkbox], [type=radio], [type=button])')
    )
      return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    if (outline || style.boxShadow !== 'none') return null;
    return `no focus indicator on <${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  });
}

/** Presses Tab (or Shift+Tab) until the focus is on `target` or inside it. */
async function tabTo(target: Locator, { back = false, max = 80 } = {}) {
  const handle = target.first();
  await handle.waitFor({ state: 'attached', timeout: 20_000 });
  for (let i = 0; i < max; i++) {
    if (
      await handle.evaluate(
        (el) => el === document.activeElement || el.contains(document.activeElement),
      )
    )
      return expect(await focusShown()).toBeNull();
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}`,
  );
}

async function open(path: string, ready: Locator) {
  await page.goto(`${server.url}${path}`);
  await ready.first().waitFor({ timeout: 20_000 });
  // start from the top of the document, as a user arriving on the page does
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

describe('keyboard only', () => {
  it('mail: open a mail and reply to it', async () => {
    await open('/dashboard/mail', page.getByTestId('mail-row'));
    await tabTo(page.getByTestId('mail-row'));
    await page.keyboard.press('Enter');
    await page.getByTestId('mail-body').waitFor(POLL);
    await tabTo(page.getByTestId('reply'));
    await page.keyboard.press('Enter');
    const compose = page.getByTestId('compose');
    await tabTo(compose.locator('.ProseMirror'));
    await page.keyboard.type(`Keyboard reply ${run}`);
    await tabTo(compose.getByTestId('compose-send'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Mail sent').count(), POLL).toBeGreaterThan(0);
  });

  it('calendar: create an event', async () => {
    await open('/dashboard/calendar', page.getByTestId('calendar-title'));
    await tabTo(page.getByTestId('new-event'));
    await page.keyboard.press('Enter');
    const form = page.getByTestId('event-form');
    await tabTo(form.getByLabel(/^Title/));
    await page.keyboard.type(`Keyboard review ${run}`);
    await tabTo(form.getByRole('button', { name: 'Create event' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => form.count(), POLL).toBe(0);
    await expect
      .poll(
        () => page.getByTestId('calendar-page').getByText(`Keyboard review ${run}`).count(),
        POLL,
      )
      .toBeGreaterThan(0);
  });

  it('kanban: add a card', async () => {
    await open('/dashboard/kanban', page.getByTestId('kanban-column'));
    const column = page.getByTestId('kanban-column').first();
    await tabTo(column.getByTestId('add-card'));
    await page.keyboard.press('Enter');
    await tabTo(column.getByTestId('new-card-name'));
    await page.keyboard.type(`Keyboard card ${run}`);
    await page.keyboard.press('Enter');
    await page
      .getByRole('button', { name: new RegExp(`^Keyboard card ${run}, in `) })
      .waitFor(POLL);
  });

  it('files: make a folder and open it', async () => {
    await open('/dashboard/files-manager', page.getByRole('button', { name: 'New folder' }));
    await tabTo(page.getByRole('button', { name: 'New folder' }));
    await page.keyboard.press('Enter');
    // the dialog puts the focus in its name field as it opens; a user types once it is there
    // (typed any sooner, on a busy machine, the letters went to the button behind it)
    const nameField = page.getByRole('dialog').getByRole('textbox');
    await expect
      .poll(() => nameField.evaluate((el) => el === document.activeElement).catch(() => false), POLL)
      .toBe(true);
    await page.keyboard.type(`Keyboard folder ${run}`);
    await page.keyboard.press('Enter');
    const openFolder = page.getByRole('button', { name: `Open Keyboard folder ${run}` });
    await openFolder.first().waitFor(POLL);
    await tabTo(openFolder);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('No files here yet').count(), POLL).toBeGreaterThan(0);
  });

  it('blog: write and publish a post', async () => {
    await open('/dashboard/blog/new', page.getByRole('textbox', { name: /^Title/ }));
    await tabTo(page.getByRole('textbox', { name: /^Title/ }));
    await page.keyboard.type(`Keyboard post ${run}`);
    await tabTo(page.getByRole('textbox', { name: /^Description/ }));
    await page.keyboard.type('Written without a mouse.');
    await tabTo(page.getByRole('textbox', { name: 'Post' }));
    await page.keyboard.type('Every step of this post was typed.');
    await tabTo(page.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Keyboard post ${run}` }).waitFor(POLL);
  });

  it('shop: add a product to the cart and open the checkout', async () => {
    await open(
      '/dashboard/e-commerce/product/clipdeck-studio-mug',
      page.getByRole('heading', { level: 1 }),
    );
    await tabTo(page.getByRole('button', { name: /add to cart/i }));
    await page.keyboard.press('Enter');
    await tabTo(
      page
        .getByRole('link', { name: /checkout|cart/i })
        .or(page.getByRole('button', { name: /buy now|checkout/i })),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/e-commerce\/checkout/, POLL);
    await expect.poll(() => page.getByText('Clipdeck Studio Mug').count(), POLL).toBeGreaterThan(0);
  });

  it('chat: send a message', async () => {
    await open('/dashboard/chat', page.getByTestId('conversation'));
    await tabTo(page.getByTestId('conversation'));
    await page.keyboard.press('Enter');
    const box = page.getByRole('textbox', { name: /message/i });
    await tabTo(box);
    await page.keyboard.type(`Keyboard hello ${run}`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByText(`Keyboard hello ${run}`).count(), POLL)
      .toBeGreaterThan(0);
  });
});
