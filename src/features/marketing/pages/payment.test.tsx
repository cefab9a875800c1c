// The plan checkout: the shop's card checks on the fields, no card for the free plan, the price
// as chosen, and a confirmed choice leading to /integration-complete with its reference.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { initI18n, loadTranslationPart } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';

import PaymentPage from './payment';

beforeAll(async () => {
  await initI18n('en');
  await loadTranslationPart('marketing');
});
afterEach(() => vi.unstubAllGlobals());

function stubApi() {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return Response.json(
        { id: 'p1', reference: 'PLN-7K3F9Q', plan: body.plan, billing: body.billing, seats: body.seats, total: 0, card: null, createdAt: '' },
        { status: 201 },
      );
    }),
  );
  return posted;
}

const routes = [
  { path: '/payment', element: <PaymentPage /> },
  { path: '/integration-complete', element: <p>setup page</p> },
];

describe('the plan checkout', () => {
  it('checks the card as the shop does, and keeps every value', async () => {
    const posted = stubApi();
    const { user } = await renderWithProviders(null, { routes, route: '/payment?plan=team&billing=yearly' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your Team plan');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424241');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '0120');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm Team' }));
    expect(await screen.findByText('This card number is not valid.')).toBeInTheDocument();
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    expect(screen.getByText('The CVC is 3 or 4 digits.')).toBeInTheDocument();
    expect(screen.getByText('Name on the card is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4241');
    expect(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveValue('01/20');
    expect(posted).toEqual([]);
    // the summary: 5 users × $90 a year, nothing charged
    expect(screen.getByTestId('plan-total')).toHaveTextContent('$450');
    expect(screen.getByText('No money moves')).toBeInTheDocument();
  });

  it('records a valid choice and opens the set-up page with its reference', async () => {
    const posted = stubApi();
    const { user, router } = await renderWithProviders(null, { routes, route: '/payment?plan=business' });
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Name on the card' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424242');
    await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1239');
    await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm Business' }));
    expect(await screen.findByText('setup page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?plan=business&billing=monthly&seats=5&reference=PLN-7K3F9Q');
    expect(posted[0]).toMatchObject({
      plan: 'business',
      billing: 'monthly',
      seats: 5,
      payment: { holder: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
  });

  it('takes no card for the free plan', async () => {
    const posted = stubApi();
    const { user } = await renderWithProviders(null, { routes, route: '/payment?plan=free' });
    expect(screen.getByText('The Free plan takes no card.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Start on Free' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ plan: 'free', payment: null });
  });
});
