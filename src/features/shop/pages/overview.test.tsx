import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import type { ShopOverview } from '../../../../server/contracts/shop';
import { barCategoryGapFor, barColumnWidth } from '../components/sales-chart';
import { stubApi } from '../test/make-product';
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

describe('sales chart bar widths (spec point 9)', () => {
  it('28% wide, 32% on medium screens, 40% on small; the category gap is the rest halved', () => {
    expect(barColumnWidth(false, false)).toBe(28);
    expect(barColumnWidth(false, true)).toBe(32);
    expect(barColumnWidth(true, true)).toBe(40);
    expect(barCategoryGapFor(28)).toBe('36%');
    expect(barCategoryGapFor(32)).toBe('34%');
    expect(barCategoryGapFor(40)).toBe('30%');
  });
});
