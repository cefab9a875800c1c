import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n, loadTranslationPart } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import PricingPage from './pricing';

beforeAll(async () => {
  await initI18n('en');
  await loadTranslationPart('marketing');
});

describe('the pricing page', () => {
  it('switches between monthly and yearly prices, and each plan leads to its checkout', async () => {
    const { user } = await renderWithProviders(<PricingPage />, { route: '/pricing' });
    const team = screen.getByRole('heading', { name: 'Team' }).closest('.mantine-Card-root') as HTMLElement;
    expect(within(team).getByText('$9')).toBeInTheDocument();
    expect(within(team).getByRole('link', { name: 'Choose Team' })).toHaveAttribute('href', '/payment?plan=team&billing=monthly');

    await user.click(screen.getByText('Yearly'));
    expect(within(team).getByText('$7.50')).toBeInTheDocument();
    expect(within(team).getByText('billed yearly: $90 per user')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Business' })).toHaveAttribute('href', '/payment?plan=business&billing=yearly');
    expect(screen.getByRole('link', { name: 'Choose Free' })).toHaveAttribute('href', '/payment?plan=free&billing=yearly');
  });

  it('compares the plans in a table', async () => {
    await renderWithProviders(<PricingPage />, { route: '/pricing' });
    const table = screen.getByRole('table', { name: 'What each plan includes' });
    const row = within(table).getByRole('row', { name: /Service level agreement/ });
    expect(within(row).getAllByText('Not included')).toHaveLength(2);
    expect(within(row).getAllByText('Included')).toHaveLength(1);
    expect(within(table).getByRole('row', { name: /Users/ })).toHaveTextContent('550500');
  });
});
