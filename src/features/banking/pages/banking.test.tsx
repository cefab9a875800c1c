import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import type { BankingSummary, TransactionPage } from '../../../../server/contracts/banking';
import BankingPage from './banking';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const months = (income: number, expense: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    income: i === 11 ? income : 0,
    expense: i === 11 ? expense : 0,
  }));

const summary: BankingSummary = {
  mainCurrency: 'USD',
  currencies: [
    {
      currency: 'USD',
      income: 1_234_500,
      expense: 45_050,
      balance: 1_189_450,
      transactions: 7,
      monthly: months(1_234_500, 45_050),
    },
    {
      currency: 'EUR',
      income: 20_000,
      expense: 0,
      balance: 20_000,
      transactions: 1,
      monthly: months(20_000, 0),
    },
  ],
};

const page: TransactionPage = {
  items: [
    {
      id: 'o1',
      kind: 'expense',
      source: 'order',
      reference: 'CD-000042',
      counterparty: 'Clipdeck shop',
      description: 'Clipdeck Logo Tee',
      moreLines: 2,
      amount: 4_599,
      currency: 'USD',
      at: '2026-11-20T10:00:00Z',
    },
    {
      id: 'i1',
      kind: 'income',
      source: 'invoice',
      reference: 'INV-0007',
      counterparty: 'Northwind Studios',
      description: 'Video editing',
      moreLines: 0,
      amount: 85_000,
      currency: 'USD',
      at: '2026-11-18T10:00:00Z',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 15,
};

describe('/dashboard/banking', () => {
  it('shows the main currency, keeps the others apart, and lists transactions', async () => {
    stubApi({
      'GET /api/banking/summary': () => Response.json(summary),
      'GET /api/banking/transactions': () => Response.json(page),
    });
    const { user } = await renderWithProviders(<BankingPage />, { route: '/dashboard/banking' });
    expect(await screen.findByText('$11,894.50')).toBeInTheDocument();
    expect(screen.getByText('$12,345.00')).toBeInTheDocument();
    expect(screen.getByText('$450.50')).toBeInTheDocument();
    expect(screen.getByText(/Amounts in EUR are kept apart/)).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'CD-000042' })).closest('tr')!;
    expect(within(row).getByText('−$45.99')).toBeInTheDocument();
    expect(within(row).getByText(/Clipdeck Logo Tee and 2 more/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INV-0007' })).toHaveAttribute(
      'href',
      '/dashboard/invoice/i1',
    );
    await user.click(screen.getByRole('radio', { name: 'EUR' }));
    // balance and income, both in euros now
    await waitFor(() => expect(screen.getAllByText('€200.00')).toHaveLength(2));
  });

  it('searches as you type and exports what is shown as CSV', async () => {
    const api = stubApi({
      'GET /api/banking/summary': () => Response.json(summary),
      'GET /api/banking/transactions': () => Response.json(page),
      'GET /api/banking/transactions.csv': () =>
        new Response('\uFEFFdate,type\r\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="clipdeck-transactions-2026-11-24.csv"',
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    // the download link is clicked, not followed (happy-dom would navigate the test's window)
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = await renderWithProviders(<BankingPage />, { route: '/dashboard/banking' });
    await user.type(await screen.findByRole('textbox', { name: 'Search' }), 'north');
    await waitFor(() =>
      expect(
        api
          .calls('GET', '/api/banking/transactions')
          .some((r) => new URL(r.url).searchParams.get('search') === 'north'),
      ).toBe(true),
    );
    await user.click(screen.getByRole('radio', { name: 'Income' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls('GET', '/api/banking/transactions.csv')).toHaveLength(1));
    const params = new URL(api.calls('GET', '/api/banking/transactions.csv')[0]!.url).searchParams;
    expect(Object.fromEntries(params)).toEqual({
      currency: 'USD',
      search: 'north',
      kind: 'income',
    });
    expect(
      await screen.findByText('Saved as clipdeck-transactions-2026-11-24.csv'),
    ).toBeInTheDocument();
    expect(clicked).toEqual(['clipdeck-transactions-2026-11-24.csv']);
  });

  it('invites a new user to their first invoice or order', async () => {
    stubApi({
      'GET /api/banking/summary': () => Response.json({ mainCurrency: null, currencies: [] }),
    });
    await renderWithProviders(<BankingPage />, { route: '/dashboard/banking' });
    expect(
      await screen.findByRole('heading', { name: 'No money in or out yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an invoice' })).toHaveAttribute(
      'href',
      '/dashboard/invoice/new',
    );
  });

  it('shows the server error with a retry', async () => {
    stubApi({
      'GET /api/banking/summary': () =>
        Response.json({ error: 'Banking is resting.' }, { status: 503 }),
    });
    await renderWithProviders(<BankingPage />, { route: '/dashboard/banking' });
    expect(await screen.findByText('Banking is resting.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    stubApi({
      'GET /api/banking/summary': () => Response.json(summary),
      'GET /api/banking/transactions': () => Response.json(page),
    });
    await renderWithProviders(<BankingPage />, { route: '/dashboard/banking', language: 'ar' });
    expect(
      await screen.findByRole('heading', { name: 'الحسابات المصرفية', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('الرصيد')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
