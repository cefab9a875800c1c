import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import type { CancelView } from '../../../../server/contracts/booking';
import CancelBookingPage from './cancel';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'abcdefghijklmnopqrstuvwxyz012345';
const view: CancelView = {
  title: 'Clipdeck demo',
  hostName: 'Ada Admin',
  start: new Date(Date.now() + 86_400_000).toISOString(),
  end: new Date(Date.now() + 86_400_000 + 1_800_000).toISOString(),
  status: 'confirmed',
  slug: 'clipdeck-demo',
};

describe('/book/cancel', () => {
  it('cancels with the code from the link, once', async () => {
    let status: CancelView['status'] = 'confirmed';
    const api = stubApi({
      'GET /api/booking/cancel': () => Response.json({ booking: { ...view, status } }),
      'POST /api/booking/cancel': () => {
        status = 'cancelled';
        return Response.json({ booking: { status, start: view.start, end: view.end } });
      },
    });
    const { user } = await renderWithProviders(<CancelBookingPage />, {
      route: `/book/cancel?code=${CODE}`,
    });
    expect(await screen.findByText('Clipdeck demo · Ada Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel the meeting' }));
    expect(
      await screen.findByRole('heading', { name: 'Your booking is cancelled' }),
    ).toBeInTheDocument();
    expect(await api.calls('POST', '/api/booking/cancel')[0]!.json()).toEqual({ code: CODE });
    expect(screen.getByRole('link', { name: 'Book another time' })).toHaveAttribute(
      'href',
      '/demo',
    );
  });

  it('says when the link is not valid', async () => {
    stubApi({
      'GET /api/booking/cancel': () =>
        Response.json({ error: 'This cancel link is not valid.' }, { status: 404 }),
    });
    await renderWithProviders(<CancelBookingPage />, { route: `/book/cancel?code=${CODE}` });
    expect(
      await screen.findByRole('heading', { name: 'This cancel link does not work' }),
    ).toBeInTheDocument();
    const api = stubApi({});
    await renderWithProviders(<CancelBookingPage />, { route: '/book/cancel?code=short' });
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows an already cancelled booking as such', async () => {
    stubApi({
      'GET /api/booking/cancel': () => Response.json({ booking: { ...view, status: 'cancelled' } }),
    });
    await renderWithProviders(<CancelBookingPage />, {
      route: `/book/cancel?code=${CODE}`,
      language: 'fr',
    });
    expect(
      await screen.findByRole('heading', { name: 'Cette réservation était déjà annulée' }),
    ).toBeInTheDocument();
  });
});
