// The checkout page on the device's cart mirror (fake-indexeddb, the app's sync registry) with
// a fake shop server: the steps, what the user is told, what is queued and sent.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db, wipeUserData } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import { emptyCart, type Address, type CartItemInput } from '../../../../server/contracts/shop';
import { addToCart, setBilling } from '../local/cart-store';
import { readCart } from '../local/tables';
import { PRODUCT_STATE_KEY, flushProductState } from '../persist';
import { fakeShopServer } from '../testing/fake-shop-server';
import { stubApi } from '../testing/make-product';
import CheckoutPage from './checkout';

const tee: CartItemInput = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Clipdeck Logo Tee',
  slug: 'clipdeck-logo-tee',
  coverUrl: '/img/tee-1.png',
  price: 1999,
  currency: 'USD',
  colors: ['#000000'],
  size: 'L',
  available: 3,
};
const home: Address = {
  id: 'addr-1',
  name: 'Bea Buyer',
  phone: '+1 555 0100',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  region: '',
  postcode: '12345',
  country: 'US',
  type: 'home',
  isDefault: true,
};

const online = (value: boolean) =>
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });

beforeEach(async () => {
  await wipeUserData();
  // this device synced before (an empty cart is really empty); the test says when it did not
  await db.meta.put({ key: 'lastSyncAt', value: Date.now() });
  localStorage.setItem('accessToken', 'token');
  online(true);
});
afterEach(() => {
  flushProductState();
  vi.unstubAllGlobals();
  // the sync engine the page started keeps its timer: it finds no server between tests
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  online(true);
});

const routes = [{ path: '/dashboard/e-commerce/checkout', element: <CheckoutPage /> }];
const open = () => renderWithProviders(null, { routes, route: '/dashboard/e-commerce/checkout' });
const stored = () => JSON.parse(localStorage.getItem(PRODUCT_STATE_KEY) ?? '{}') as { checkout?: { activeStep: number } };

/** A cart on the server and the same cart on the device (as after a pull). */
async function cartOnBothSides(billing = false) {
  await addToCart(tee);
  if (billing) await setBilling(home);
  await db.outbox.clear();
  return fakeShopServer({ cart: await readCart(), addresses: [home] });
}

async function toPayment(user: Awaited<ReturnType<typeof open>>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Check out' }));
  await user.click(await screen.findByRole('button', { name: 'Bill to the address of Bea Buyer' }));
  await screen.findByRole('heading', { name: 'Payment' });
}

async function fillCard(user: Awaited<ReturnType<typeof open>>['user'], number = '4242424242424242') {
  await user.click(screen.getByRole('radio', { name: 'Standard delivery' }));
  await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Bea Buyer');
  await user.type(screen.getByRole('textbox', { name: 'Card number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1239');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('checkout', () => {
  it('an empty cart says so and leads to the shop', async () => {
    stubApi(fakeShopServer().routes);
    await open();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/dashboard/e-commerce/shop');
  });

  it('a device that never synced waits for the first pull, then shows the server’s cart', async () => {
    await addToCart(tee);
    const server = fakeShopServer({ cart: await readCart() });
    await wipeUserData();
    stubApi(server.routes);
    await open();
    expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your cart is empty' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('cart-line', {}, { timeout: 5000 })).toHaveTextContent('Clipdeck Logo Tee');
  });

  it('changes quantities within 1 and the stock, with totals; then next, back and a jump to an earlier step', async () => {
    const server = await cartOnBothSides();
    stubApi(server.routes);
    const { user } = await open();
    const line = await screen.findByTestId('cart-line');
    const less = within(line).getByRole('button', { name: 'One less Clipdeck Logo Tee' });
    const more = within(line).getByRole('button', { name: 'One more Clipdeck Logo Tee' });
    expect(less).toBeDisabled();
    await user.click(more);
    await user.click(more);
    await waitFor(() => expect(within(line).getByTestId('line-quantity')).toHaveTextContent('3'), { timeout: 5000 });
    expect(more).toBeDisabled();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$59.97');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$59.97');
    expect(within(line).getByRole('img', { name: 'Colours: #000000' })).toBeInTheDocument();
    expect(within(line).getByText('Size L')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('heading', { name: 'Billing address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bill to the address of Bea Buyer' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Express delivery' }));
    await waitFor(() => expect(screen.getByTestId('summary-shipping')).toHaveTextContent('$15.00'), { timeout: 5000 });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$74.97');
    await waitFor(() => expect(stored().checkout?.activeStep).toBe(2));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Billing address' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Payment' });
    await user.click(screen.getByRole('button', { name: /^\d?\s*Cart$/ }));
    expect(await screen.findByTestId('cart-line')).toBeInTheDocument();
    // every change was queued and reached the server's cart through the sync queue
    await waitFor(() =>
      expect(server.state.cart).toMatchObject({
        items: [{ id: tee.id, quantity: 3 }],
        billing: { name: 'Bea Buyer' },
        delivery: 'express',
      }),
    );
  });

  it('adds an address with errors named on their fields, and bills to it', async () => {
    await addToCart(tee);
    const server = fakeShopServer();
    stubApi(server.routes);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'New address' });
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription('Enter the full name.');
    expect(within(dialog).getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription('Enter the postcode.');
    expect(within(dialog).getByText('Choose a country.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Full name' }), 'Bea Buyer');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '1 Main St');
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Springfield');
    await user.type(within(dialog).getByRole('textbox', { name: 'Postcode' }), '12345');
    await user.click(within(dialog).getByLabelText(/^Country/));
    await user.type(within(dialog).getByLabelText(/^Country/), 'United St');
    await user.click(await screen.findByRole('option', { name: 'United States', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription('Use digits, spaces, +, ( ) and - only.');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Phone' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '+1 555 0100');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.state.addresses).toMatchObject([{ name: 'Bea Buyer', country: 'US', isDefault: true }]);
    expect(await screen.findByRole('article', { name: 'Bea Buyer' })).toBeInTheDocument();
    // the first address is the cart's billing address at once
    await waitFor(async () => expect((await readCart()).billing?.name).toBe('Bea Buyer'));
  }, 60_000);

  it('names each card field the server’s schema refuses, and the missing delivery', async () => {
    const server = await cartOnBothSides();
    stubApi(server.routes);
    const { user } = await open();
    await toPayment(user);
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('Choose a delivery option.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name on the card' })).toHaveAccessibleDescription('Enter the name on the card.');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription('Enter the card number.');
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424241');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4241');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '0120');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '12');
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAccessibleDescription('This card number is not valid.');
    expect(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveAccessibleDescription('This card has expired.');
    expect(screen.getByRole('textbox', { name: 'CVC' })).toHaveAccessibleDescription('The CVC is 3 or 4 digits.');
    expect(screen.getByText(/no real money moves/)).toBeInTheDocument();
    expect(screen.getByText(/only its brand and last 4 digits are kept/)).toBeInTheDocument();
    expect(server.state.orders).toHaveLength(0);
  });

  it('places exactly one order on a double click: queued cart changes first, then one key', async () => {
    const server = await cartOnBothSides();
    const api = stubApi(server.routes);
    const { user } = await open();
    await toPayment(user);
    await fillCard(user);
    const place = screen.getByRole('button', { name: /Place order/ });
    await user.dblClick(place);
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    expect(screen.getByText('Order number CD-000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the confirmation mail' })).toHaveAttribute('href', '/dashboard/mail?q=CD-000001');
    expect(server.state.orders).toHaveLength(1);
    const posts = api.calls('POST', '/api/orders');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // the billing and delivery the user chose went out before the order
    const urls = api.fetch.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    const batch = urls.findIndex((u) => u.endsWith('/api/sync/batch'));
    expect(batch).toBeGreaterThanOrEqual(0);
    expect(batch).toBeLessThan(urls.findIndex((u) => u.endsWith('/api/orders')));
    expect(await posts[0]!.json()).toMatchObject({
      lines: [{ id: tee.id, quantity: 1, colors: ['#000000'], size: 'L' }],
      billing: { name: 'Bea Buyer', country: 'US' },
      delivery: 'standard',
      discountCode: null,
    });
    await waitFor(async () => expect((await readCart()).items).toEqual([]));
    expect(stored().checkout).toMatchObject({ activeStep: 3 });
  });

  it('a retry after a lost answer sends the same key and shows the one order', async () => {
    const server = await cartOnBothSides(true);
    server.state.nextOrder.push('network');
    const api = stubApi(server.routes);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByText(/The server could not be reached/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your order!' })).toBeInTheDocument();
    const keys = api.calls('POST', '/api/orders').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(server.state.orders).toHaveLength(1);
  });

  it('offline: says that placing needs the network, sends nothing and keeps the cart', async () => {
    const server = await cartOnBothSides(true);
    const api = stubApi(server.routes);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await fillCard(user);
    online(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/Placing an order needs the internet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Place order/ })).toBeDisabled();
    expect(api.calls('POST', '/api/orders')).toHaveLength(0);
    expect((await readCart()).items).toHaveLength(1);
  });

  it('a discount code is checked by the server; offline the field says it needs the network', async () => {
    const server = await cartOnBothSides();
    stubApi(server.routes);
    const { user } = await open();
    const field = await screen.findByRole('textbox', { name: 'Discount code' });
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code does not exist or has expired.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('WELCOME10: 10% off')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−$2.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$17.99');
    await user.click(screen.getByRole('button', { name: 'Remove the code WELCOME10' }));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('$19.99'));
    online(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/Discount codes are checked by the server/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toBeDisabled();
  });

  it('reset clears the cart, billing and totals and returns to step 0', async () => {
    const server = await cartOnBothSides(true);
    stubApi(server.routes);
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    await screen.findByRole('heading', { name: 'Billing address' });
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(await screen.findByRole('button', { name: 'Empty the cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    const cart = await readCart();
    expect({ ...cart, updatedAt: '' }).toEqual({ ...emptyCart(), updatedAt: '' });
    await waitFor(() => expect(stored().checkout?.activeStep).toBe(0));
    // queued, then delivered: the server's cart is empty too
    await waitFor(() => expect(server.state.cart.billing).toBeNull(), { timeout: 5000 });
    expect(server.state.cart.items).toEqual([]);
  });
});
