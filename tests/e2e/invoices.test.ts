// Invoices end to end in Chromium: Alice bills Bob (a Clipdeck user) with three lines, checks
// the live totals, downloads the PDF and reads its text, sends it; Bob finds the mail in his
// inbox and opens the invoice from its link. Then the Arabic page (right-to-left) and the
// Arabic and Chinese PDFs are produced and kept as screenshots/files for a look.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page, Browser as PlaywrightBrowser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pdfText } from '../testing/pdf-text.ts';
import {
  launchShared,
  newBrowser,
  signInForOffline,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
} from './support.ts';

let server: RunningServer;
/** one Chromium; Alice and Bob each have a fresh profile in it */
let chromium: PlaywrightBrowser;
let alice: Browser;
let bob: Browser;
const run = Date.now().toString(36);
const A = { email: `alice-${run}@example.com`, firstName: 'Alice', lastName: 'Archer', password: 'alice-password-1' };
const B = { email: `bob-${run}@example.com`, firstName: 'Bob', lastName: 'Baker', password: 'bob-password-1' };
const POLL = { timeout: 15_000 };
const OUT = process.env.INVOICE_E2E_OUT ?? fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-e2e-'));
let invoiceUrl = '';
let numberLabel = '';

beforeAll(async () => {
  // the server and the browser start side by side; so do the two users' sign-ups and sign-ins
  [server, chromium] = await Promise.all([startServer(), launchShared()]);
  [alice, bob] = await Promise.all([newBrowser(chromium), newBrowser(chromium)]);
  await Promise.all([signUp(server, A), signUp(server, B)]);
  await Promise.all([
    signInForOffline(alice.page, server.url, A),
    signInForOffline(bob.page, server.url, B),
  ]);
}, 180_000);

afterAll(async () => {
  await alice?.close();
  await bob?.close();
  await chromium?.close();
  await server?.stop();
});

async function fillLine(page: Page, index: number, title: string, quantity: string, price: string) {
  const line = page.getByTestId('invoice-line').nth(index);
  await line.getByRole('textbox', { name: 'Title' }).fill(title);
  await line.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await line.getByRole('textbox', { name: 'Unit price' }).fill(price);
}

describe('invoices', () => {
  it('Alice creates an invoice with three lines and live totals', async () => {
    const a = alice.page;
    await a.goto(`${server.url}/dashboard/invoice/new`);
    await a.getByRole('heading', { name: 'New invoice' }).waitFor(POLL).catch(async (error: unknown) => {
      await a.screenshot({ path: path.join(OUT, 'new-failed.png') });
      throw error;
    });
    await a.getByRole('combobox', { name: 'Person' }).fill('Bob');
    await a.getByRole('option', { name: 'Bob Baker' }).click();
    await fillLine(a, 0, 'Design', '1.5', '120.50');
    await a.getByRole('button', { name: 'Add line' }).click();
    await fillLine(a, 1, 'Hosting', '12', '15');
    await a.getByRole('button', { name: 'Add line' }).click();
    await fillLine(a, 2, 'Support', '2', '49.99');
    // reorder by dragging: Support to the top with the mouse, then back down with the keyboard
    const titles = () =>
      a.getByRole('textbox', { name: 'Title', exact: true }).evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    const from = (await a.getByRole('button', { name: 'Drag line 3 to reorder' }).boundingBox())!;
    const to = (await a.getByTestId('invoice-line').first().boundingBox())!;
    await a.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await a.mouse.down();
    await a.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
    await a.mouse.up();
    await expect.poll(titles, POLL).toEqual(['Support', 'Design', 'Hosting']);
    const handle = a.getByRole('button', { name: 'Drag line 1 to reorder' });
    await handle.focus();
    // each key once the one before has taken effect: picked up (aria-pressed), moved (the live
    // region announces each move in new words), dropped. dnd-kit's keyboard sensor spends a
    // press scrolling the page instead of moving when the target lies past the middle of the
    // visible area, which depends on where the page stands: a press that announces nothing is
    // pressed again. Going to the last place,
    // a press too many moves nothing.
    const announced = () => a.locator('[id^="DndLiveRegion"]').textContent();
    await a.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed'), POLL).toBe('true');
    for (let move = 0; move < 2; move += 1) {
      const before = await announced();
      for (let press = 0; press < 4; press += 1) {
        await a.keyboard.press('ArrowDown');
        const moved = await expect
          .poll(announced, { timeout: 3000 })
          .not.toBe(before)
          .then(() => true, () => false);
        if (moved) break;
      }
      expect(await announced()).not.toBe(before);
    }
    await a.keyboard.press('Space');
    await expect.poll(titles, POLL).toEqual(['Design', 'Hosting', 'Support']);
    await a.getByRole('textbox', { name: 'Tax rate (%)' }).fill('8.25');
    await a.getByRole('textbox', { name: 'Notes' }).fill('<img src=x onerror="window.__xss=1"> Thanks!');
    // 180.75 + 180.00 + 99.98 = 460.73; 8.25 % → 38.010225 → 38.01; total 498.74
    await expect.poll(() => a.getByTestId('total-subtotal').textContent(), POLL).toBe('$460.73');
    expect(await a.getByTestId('total-tax').textContent()).toBe('$38.01');
    expect(await a.getByTestId('total-total').textContent()).toBe('$498.74');
    await a.getByRole('button', { name: 'Create invoice' }).click();
    await a.waitForURL(/\/dashboard\/invoice\/[0-9a-f-]{36}$/, POLL);
    invoiceUrl = a.url();
    numberLabel = (await a.getByTestId('invoice-number').textContent()) ?? '';
    expect(numberLabel).toBe('INV-0001');
    expect(await a.getByTestId('invoice-document').textContent()).toContain('Thanks!');
    expect(await a.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('downloads the PDF with the same numbers', async () => {
    const a = alice.page;
    const download = a.waitForEvent('download');
    await a.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${numberLabel}.pdf`);
    const bytes = fs.readFileSync((await file.path()));
    const [text = ''] = await pdfText(bytes);
    for (const expected of [numberLabel, 'Bob Baker', 'Design', '$180.75', '$180.00', '$99.98', '$460.73', '$38.01', '$498.74'])
      expect(text).toContain(expected);
    fs.writeFileSync(path.join(OUT, 'invoice-en.pdf'), bytes);
  });

  it('sends it to Bob, who opens it from his inbox', async () => {
    const a = alice.page;
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await a.getByRole('button', { name: 'Send invoice' }).click();
    await expect.poll(() => a.getByText('Invoice sent').count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => a.locator('[data-status]').first().getAttribute('data-status'), POLL).toBe('pending');

    const b = bob.page;
    await b.goto(`${server.url}/dashboard/mail`);
    await b.getByText(`Invoice ${numberLabel} from Alice Archer`).first().click();
    const body = b.getByTestId('mail-body');
    await expect.poll(() => body.textContent(), POLL).toContain('Alice Archer sent you invoice');
    expect(await b.getByTestId('attachment').textContent()).toContain(`${numberLabel}.pdf`);
    const href = await body.getByRole('link', { name: numberLabel }).getAttribute('href');
    expect(href).toBe(invoiceUrl);
    await b.goto(href!);
    await expect.poll(() => b.getByTestId('invoice-number').textContent(), POLL).toBe(numberLabel);
    expect(await b.getByTestId('total-total').textContent()).toBe('$498.74');
    expect(await b.getByText('Sent to you by Alice Archer').count()).toBe(1);
    // the recipient reads, the issuer acts: no edit or mark-paid for Bob
    expect(await b.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
  });

  it('keeps the recipient of the sent invoice: the edit form shows it fixed', async () => {
    const a = alice.page;
    await a.goto(`${invoiceUrl}/edit`);
    const person = a.getByRole('combobox', { name: 'Person' });
    await expect.poll(() => person.isDisabled(), POLL).toBe(true);
    expect(await person.inputValue()).toBe('Bob Baker');
    await a.getByText('A sent invoice keeps its recipient.').waitFor();
    expect(await a.getByRole('radio', { name: 'Someone else' }).isDisabled()).toBe(true);
    // the rest of the invoice can still be corrected
    expect(await a.getByRole('textbox', { name: 'Notes' }).isDisabled()).toBe(false);
  });

  it('shows the list with its tabs, and Arabic right to left; Arabic and Chinese PDFs', async () => {
    const a = alice.page;
    await a.goto(`${server.url}/dashboard/invoice/list?status=pending`);
    await expect.poll(() => a.getByTestId('invoice-row').count(), POLL).toBe(1);
    expect(await a.getByTestId('tab-pending').textContent()).toContain('(1)');
    await a.screenshot({ path: path.join(OUT, 'list-en-1280.png') });

    await a.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await a.goto(invoiceUrl);
    await expect.poll(() => a.evaluate(() => document.documentElement.dir), POLL).toBe('rtl');
    await expect.poll(() => a.getByTestId('invoice-document').textContent(), POLL).toContain('فاتورة');
    await a.screenshot({ path: path.join(OUT, 'details-ar-1280.png'), fullPage: true });
    await a.setViewportSize({ width: 390, height: 844 });
    await a.goto(`${server.url}/dashboard/invoice/list`);
    await expect.poll(() => a.getByTestId('invoice-row').count(), POLL).toBe(1);
    await a.screenshot({ path: path.join(OUT, 'list-ar-390.png'), fullPage: true });
    await a.evaluate(() => localStorage.setItem('i18nextLng', 'en'));

    const token = await a.evaluate(() => localStorage.getItem('accessToken'));
    const id = invoiceUrl.split('/').at(-1)!;
    for (const lang of ['ar', 'cn']) {
      const res = await fetch(`${server.url}/api/invoices/${id}/pdf?lang=${lang}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await res.arrayBuffer());
      fs.writeFileSync(path.join(OUT, `invoice-${lang}.pdf`), bytes);
      const [text = ''] = await pdfText(bytes);
      expect(text).toContain(numberLabel);
      if (lang === 'cn') expect(text).toContain('合计');
    }
  });
});
