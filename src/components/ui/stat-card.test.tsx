import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { StatCard } from './stat-card';

describe('StatCard', () => {
  it('shows the label, the figure and its hint', async () => {
    await renderWithProviders(
      <StatCard label="Orders" value="1,204" hint="this month" icon={<span />} testId="orders" />,
    );
    expect(screen.getByText('Orders')).toBeInTheDocument();
    expect(screen.getByTestId('orders')).toHaveTextContent('1,204');
    expect(screen.getByText('this month')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('keeps the figure out until it is known', async () => {
    await renderWithProviders(<StatCard label="Orders" value={undefined} icon={<span />} testId="orders" />);
    expect(screen.getByText('Orders')).toBeInTheDocument();
    expect(screen.queryByTestId('orders')).toBeNull();
  });

  it('links the whole card to the page of the figure', async () => {
    await renderWithProviders(
      <StatCard label="Mail" value="12" icon={<span />} to="/dashboard/mail" />,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', '/dashboard/mail');
    expect(screen.getByRole('link')).toHaveTextContent('Mail12');
  });
});
