import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import type { Order, ShopOverview } from '../../../../server/contracts/shop';
import { barCategoryGapFor, barColumnWidth } from '../components/sales-chart';
import { stubApi } from '../testing/make-product';
import ShopOverviewPage from './overview';

afterEach(() => vi.unstubAllGlobals());

const overview: ShopOverview = {
  scope: 'store',
  currency: 'USD',
  totals: { sales: 1234567, orders: 42, itemsSold: 97, averageOrder: 29394 },
  monthly: [
    { month: '2026-09', sales: 100000, orders: 4 },
    { month: '2026-10', sales: 250000, orders: 9 },
  ],
  bestSellers: [
    {
      product: {
        id: 'p1',
        name: 'Clipdeck Logo Tee',
        slug: 'clipdeck-logo-tee',
        images: ['/img/tee.png'],
        category: 'shirts',
      },
      sold: 30,
      sales: 75000,
    },
  ],
  latestOrders: [
    {
      id: 'o1',
      number: 'CD-000042',
      status: 'paid',
      total: 4599,
      createdAt: '2026-10-02T10:00:00Z',
    },
  ],
};

describe('e-commerce overview', () => {
  it('shows the totals as money in the UI language, best sellers and latest orders', async () => {
    stubApi({ 'GET /api/e-commerce/overview': () => Response.json(overview) });
    await renderWithProviders(<ShopOverviewPage />);
    expect(await screen.findByText('$12,345.67')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('$293.94')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clipdeck Logo Tee' })).toHaveAttribute(
      'href',
      '/dashboard/e-commerce/product/clipdeck-logo-tee',
    );
    expect(screen.getByText('CD-000042')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it('formats money for French', async () => {
    stubApi({ 'GET /api/e-commerce/overview': () => Response.json(overview) });
    await renderWithProviders(<ShopOverviewPage />, { language: 'fr' });
    expect(await screen.findByText(/12\s345,67\s\$US/)).toBeInTheDocument();
  });

  it("shows the server's error text and logs the failure", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      'GET /api/e-commerce/overview': () =>
        Response.json({ error: 'The shop is closed for stocktaking.' }, { status: 503 }),
    });
    await renderWithProviders(<ShopOverviewPage />);
    expect(await screen.findByText('The shop is closed for stocktaking.')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('shop: overview failed', expect.anything());
    log.mockRestore();
  });
});

const order: Order = {
  id: 'o1',
  number: 'CD-000042',
  userId: 'u1',
  status: 'paid',
  lines: [
    {
      productId: 'p1',
      name: 'Clipdeck Logo Tee',
      slug: 'clipdeck-logo-tee',
      coverUrl: '/img/tee.png',
      colors: [],
      size: 'M',
      quantity: 2,
      unitPrice: 2000,
      lineTotal: 4000,
    },
  ],
  billing: {
    name: 'Ana Buyer',
    phone: '+44 20 7946 0000',
    line1: '1 Main St',
    line2: '',
    city: 'London',
    region: '',
    postcode: 'N1 1AA',
    country: 'GB',
    type: 'home',
    isDefault: true,
  },
  delivery: 'standard',
  currency: 'USD',
  subtotal: 4000,
  discountCode: null,
  discount: 0,
  shipping: 599,
  total: 4599,
  payment: { brand: 'visa', last4: '4242' },
  history: [{ status: 'paid', at: '2026-10-02T10:00:00Z' }],
  createdAt: '2026-10-02T10:00:00Z',
};

describe('an order from the confirmation mail (?order=)', () => {
  it('opens over the overview with its lines and totals, and closing drops the parameter', async () => {
    const api = stubApi({
      'GET /api/e-commerce/overview': () => Response.json({ ...overview, scope: 'mine' }),
      'GET /api/orders/order': () => Response.json({ order }),
    });
    const { user, router } = await renderWithProviders(null, {
      routes: [{ path: '/dashboard/e-commerce', element: <ShopOverviewPage /> }],
      route: '/dashboard/e-commerce?order=o1',
      language: 'en',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Order' }, { timeout: 10_000 });
    expect(await within(dialog).findByText('$45.99', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(dialog).getByText(/^2 × .Clipdeck Logo Tee.$/)).toBeInTheDocument();
    // an order looked up later: its status and date, not the thanks of the checkout
    expect(within(dialog).getByText('Order number CD-000042')).toBeInTheDocument();
    expect(within(dialog).getByText('Paid')).toBeInTheDocument();
    expect(within(dialog).queryByText('Thank you for your order!')).not.toBeInTheDocument();
    expect(new URL(api.calls('GET', '/api/orders/order')[0]!.url).searchParams.get('id')).toBe('o1');
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // one's own orders in the table open the same way
    await user.click(screen.getByRole('link', { name: 'CD-000042' }));
    expect(await screen.findByRole('dialog', { name: 'Order' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?order=o1');
  });

  it("says so when the order is not the user's", async () => {
    stubApi({
      'GET /api/e-commerce/overview': () => Response.json(overview),
      'GET /api/orders/order': () => Response.json({ error: 'No such order.' }, { status: 404 }),
    });
    await renderWithProviders(null, {
      routes: [{ path: '/dashboard/e-commerce', element: <ShopOverviewPage /> }],
      route: '/dashboard/e-commerce?order=nope',
      language: 'en',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Order' }, { timeout: 10_000 });
    expect(await within(dialog).findByText('No such order.', {}, { timeout: 10_000 })).toBeInTheDocument();
    // an admin's store view lists other people's orders: not links
    expect(screen.queryByRole('link', { name: 'CD-000042' })).not.toBeInTheDocument();
  });
});

describe('sales chart bar widths (docs/product-rules.md)', () => {
  it('28% wide, 32% on medium screens, 40% on small; the category gap is the rest halved', () => {
    expect(barColumnWidth(false, false)).toBe(28);
    expect(barColumnWidth(false, true)).toBe(32);
    expect(barColumnWidth(true, true)).toBe(40);
    expect(barCategoryGapFor(28)).toBe('36%');
    expect(barCategoryGapFor(32)).toBe('34%');
    expect(barCategoryGapFor(40)).toBe('30%');
  });
});
