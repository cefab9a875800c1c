// The shop end to end: a new user browses the shop, filters, opens a product and adds two of its
// colours; the server is stopped and the browser goes offline; quantities change and survive a
// reload (the cart is the device's mirror); back online (the server restarted on the same data)
// the queue delivers, the user checks out (an address, a delivery, the test card) and there is
// exactly one order and its confirmation mail. An admin creates a product with an image and it
// is in the shop. The Arabic checkout renders right to left (a screenshot in .tmp/).
import fs from 'node:fs';
import path from 'node:path';

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  launchBrowser,
  ROOT,
  signInForOffline,
  signUp,
  startServer,
  type Browser,
  type RunningServer,
  watchPage,
} from './support.ts';

let server: RunningServer;
let buyer: Browser;
let token = '';
const run = Date.now().toString(36);
const BUYER = { email: `shop-${run}@example.com`, password: 'shop-password-123' };
const ADMIN = { email: 'admin@clipdeck.dev', password: 'clipdeck-admin' };
const TEE = 'Clipdeck Logo Tee';
const POLL = { timeout: 20_000, interval: 250 };
const SHOTS = path.join(ROOT, '.tmp');

interface ServerCart {
  items: { name: string; quantity: number; colors: string[] }[];
}
interface ServerOrder {
  number: string;
  total: number;
  lines: { name: string; quantity: number; colors: string[] }[];
}

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const serverCart = async () => (await api<{ cart: ServerCart }>('/api/cart')).cart;
const serverOrders = async () => (await api<{ orders: ServerOrder[] }>('/api/orders')).orders;

const pending = (page: Page) => page.getByTestId('sync-status').getAttribute('data-pending');
const cartCount = (page: Page) => page.getByTestId('cart-button').getAttribute('data-count');
const quantity = (page: Page) => page.getByTestId('cart-line').getByTestId('line-quantity').textContent();

/** The buyer's page, watched: a failed step prints its console and alerts (support.ts). */
let buyerSteps: ReturnType<typeof watchPage>;

beforeAll(async () => {
  [server, buyer] = await Promise.all([
    startServer({ seed: true }),
    launchBrowser({ viewport: { width: 1280, height: 900 } }),
  ]);
  token = (await signUp(server, BUYER)).accessToken;
  buyerSteps = watchPage(buyer.page, 'shop');
  await signInForOffline(buyer.page, server.url, BUYER);
}, 300_000);

afterAll(async () => {
  await buyer?.close();
  await server?.stop();
});

describe('shop', () => {
  it('a new user shops, keeps the cart offline, and places exactly one order', async () => {
    const page = buyer.page;
    await page.goto(`${server.url}/dashboard/e-commerce/shop`);
    await buyerSteps.step('browse', page.getByRole('link', { name: TEE }).first().waitFor({ timeout: 20_000 }));

    // filter: shirts only, kept in the URL
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Shirts' }).click();
    await page.waitForURL(/category=shirts/);
    await expect.poll(() => page.getByRole('link', { name: 'Clipdeck Studio Mug' }).count(), POLL).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: TEE }).first().click();

    // two colours of the tee: one line, colours merged
    await buyerSteps.step('product', page.getByRole('heading', { name: TEE }).waitFor({ timeout: 20_000 }));
    await page.getByRole('radio', { name: '#1C252E' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await buyerSteps.step('added', page.getByText(`${TEE} added to your cart`).first().waitFor());
    await page.getByRole('radio', { name: '#FFFFFF' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartCount(page), POLL).toBe('2');
    await expect.poll(() => pending(page), POLL).toBe('0');
    expect((await serverCart()).items).toMatchObject([
      { name: TEE, quantity: 2, colors: ['#1C252E', '#FFFFFF'] },
    ]);

    await page.getByTestId('cart-button').click();
    await buyerSteps.step('cart', page.getByTestId('cart-line').waitFor({ timeout: 20_000 }));
    await page.getByRole('img', { name: 'Colours: #1C252E, #FFFFFF' }).waitFor();

    // offline: the server is stopped and the browser has no network
    await server.stop();
    await buyer.context.setOffline(true);
    await page.getByRole('button', { name: `One more ${TEE}` }).click();
    await expect.poll(() => quantity(page), POLL).toBe('3');
    await page.getByRole('button', { name: `One more ${TEE}` }).click();
    await expect.poll(() => quantity(page), POLL).toBe('4');
    await page.getByRole('button', { name: `One less ${TEE}` }).click();
    await expect.poll(() => quantity(page), POLL).toBe('3');
    await expect.poll(() => pending(page), POLL).toBe('3');
    // the discount code says it needs the network
    await page.getByText('Discount codes are checked by the server').waitFor();

    await page.reload();
    await buyerSteps.step('offline-reload', page.getByTestId('cart-line').waitFor({ timeout: 20_000 }));
    expect(await quantity(page)).toBe('3');
    await expect.poll(() => cartCount(page), POLL).toBe('3');
    // the sync status counts the outbox on its own after a reload (a moment after the cart shows)
    await expect.poll(() => pending(page), POLL).toBe('3');

    // back online on the same data: the queue delivers each change once
    await server.start();
    await buyer.context.setOffline(false);
    await expect.poll(() => pending(page), { ...POLL, timeout: 30_000 }).toBe('0');
    expect((await serverCart()).items).toMatchObject([{ name: TEE, quantity: 3 }]);

    // check out: a new address, standard delivery, the test card
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.getByRole('heading', { name: 'Billing address' }).waitFor();
    await page.getByRole('button', { name: 'Add an address' }).click();
    const dialog = page.getByRole('dialog', { name: 'New address' });
    await dialog.getByRole('textbox', { name: 'Full name' }).fill('Sam Shopper');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0000');
    await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('10 Downing Lane');
    await dialog.getByRole('textbox', { name: 'City' }).fill('London');
    await dialog.getByRole('textbox', { name: 'Postcode' }).fill('SW1A 2AA');
    await dialog.getByRole('combobox', { name: 'Country' }).fill('United King');
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('button', { name: 'Bill to the address of Sam Shopper' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await page.getByText('no real money moves').waitFor();
    await page.getByRole('radio', { name: 'Standard delivery' }).click();
    await page.getByRole('textbox', { name: 'Name on the card' }).fill('Sam Shopper');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/39');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('button', { name: /Place order/ }).dblclick();
    await buyerSteps.step(
      'placed',
      page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor({ timeout: 30_000 }),
    );

    const orders = await serverOrders();
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order!.lines).toMatchObject([{ name: TEE, quantity: 3, colors: ['#1C252E', '#FFFFFF'] }]);
    expect(order!.total).toBe(3 * 2500 + 500);
    await page.getByText(`Order number ${order!.number}`).waitFor();
    await expect.poll(() => cartCount(page), POLL).toBe('0');
    expect((await serverCart()).items).toEqual([]);

    // the confirmation mail, in the buyer's own mailbox
    await page.getByRole('link', { name: 'Open the confirmation mail' }).click();
    await page.waitForURL(/\/dashboard\/mail\?q=/);
    await buyerSteps.step(
      'mail',
      page.getByText(`Your Clipdeck order ${order!.number}`).first().waitFor({ timeout: 20_000 }),
    );
    const mails = await api<{ mails: { subject: string }[] }>(
      `/api/mail/mails?labelId=inbox&search=${encodeURIComponent(order!.number)}`,
    );
    expect(mails.mails.map((m) => m.subject)).toEqual([`Your Clipdeck order ${order!.number}`]);
  }, 240_000);

  it('renders the checkout right to left in Arabic', async () => {
    const page = buyer.page;
    await page.goto(`${server.url}/dashboard/e-commerce/product/clipdeck-studio-mug`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => cartCount(page), POLL).toBe('1');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.goto(`${server.url}/dashboard/e-commerce/checkout`);
    await buyerSteps.step(
      'arabic',
      page.getByRole('heading', { name: 'إتمام الشراء', exact: true }).waitFor({ timeout: 20_000 }),
    );
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const line = page.getByTestId('cart-line');
    await line.waitFor();
    // the cover sits at the right of the line, the delete button at its left
    const cover = await line.locator('img').boundingBox();
    const remove = await line.getByRole('button', { name: /إزالة/ }).boundingBox();
    expect(cover!.x).toBeGreaterThan(remove!.x);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'e2e-shop-checkout-ar.png'), fullPage: true });
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
  }, 120_000);

  it('an admin creates a product with an image, and it is in the shop', async () => {
    const admin = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      const page = admin.page;
      const adminSteps = watchPage(page, 'shop-admin');
      await page.goto(`${server.url}/auth/login`);
      await page.getByLabel('Email address').fill(ADMIN.email);
      await page.getByLabel(/^Password/).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard\//);
      await page.goto(`${server.url}/dashboard/e-commerce/product/new`);
      const name = `Render Queue Mug ${run}`;
      await adminSteps.step('admin', page.getByRole('textbox', { name: /^Name/ }).waitFor({ timeout: 20_000 }));
      await page.getByRole('textbox', { name: /^Name/ }).fill(name);
      await page.locator('input[type=file]').setInputFiles(path.join(ROOT, 'public/icons/icon-512.png'));
      await page.getByRole('button', { name: 'Remove image 1' }).waitFor({ timeout: 20_000 });
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Mugs' }).click();
      await page.getByRole('combobox', { name: 'For', exact: true }).click();
      await page.getByRole('option', { name: 'Unisex' }).click();
      await page.getByRole('textbox', { name: /^Colours/ }).fill('#AABBCC');
      await page.getByRole('button', { name: 'Add this colour' }).click();
      await page.getByRole('textbox', { name: /^Price/ }).fill('14.5');
      await page.getByRole('textbox', { name: /^Stock/ }).fill('12');
      await page.getByRole('button', { name: 'Create product' }).click();
      await adminSteps.step('admin-created', page.waitForURL(/\/dashboard\/e-commerce\/list/, { timeout: 20_000 }));

      await page.goto(`${server.url}/dashboard/e-commerce/shop`);
      await page.getByRole('textbox', { name: 'Search products' }).fill(name);
      const link = page.getByRole('link', { name }).first();
      await adminSteps.step('admin-shop', link.waitFor({ timeout: 20_000 }));
      await link.click();
      await page.getByRole('heading', { name }).waitFor();
      const image = page.getByRole('img', { name: `${name}, image 1 of 1` });
      await image.waitFor();
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL)
        .toBeGreaterThan(0);
    } finally {
      await admin.close();
    }
  }, 180_000);
});
