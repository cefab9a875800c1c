import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import type { Booking, BookingPage, BookingStats } from '../../../../server/contracts/booking';
import BookingDashboardPage from './booking';

// happy-dom has no FontFaceSet; Mantine's autosize textarea listens to it
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

afterEach(() => vi.unstubAllGlobals());

const page: BookingPage = {
  id: 'p1',
  title: 'Intro call',
  slug: 'intro-call',
  description: '',
  durationMinutes: 30,
  bufferMinutes: 10,
  horizonDays: 30,
  minNoticeMinutes: 120,
  timeZone: 'Europe/London',
  availability: [{ day: 1, start: '09:00', end: '12:00' }],
  published: true,
  updatedAt: '2026-05-01T00:00:00Z',
};

const future = new Date(Date.now() + 3 * 86_400_000);
future.setUTCHours(10, 0, 0, 0);
const booking: Booking = {
  id: '00000000-0000-4000-8000-0000000000b1',
  start: future.toISOString(),
  end: new Date(future.getTime() + 30 * 60_000).toISOString(),
  status: 'confirmed',
  visitorName: 'Vera Visitor',
  visitorEmail: 'vera@example.com',
  visitorIsUser: false,
  note: 'About the catalogue import',
  createdAt: '2026-05-01T00:00:00Z',
  cancelledAt: null,
  cancelledBy: null,
};

const stats: BookingStats = {
  totals: { booked: 7, cancelled: 2, upcoming: 3, past: 4 },
  group: 'week',
  series: [
    { period: '2026-04-26', booked: 3, cancelled: 1 },
    { period: '2026-05-03', booked: 4, cancelled: 1 },
  ],
};

describe('/dashboard/booking', () => {
  it('shows the link, the figures and the upcoming bookings, and cancels one', async () => {
    const api = stubApi({
      'GET /api/booking/page': () => Response.json({ page }),
      'GET /api/booking/stats': () => Response.json(stats),
      'GET /api/booking/bookings': (_r, url) =>
        Response.json({
          bookings: url.searchParams.get('tab') === 'upcoming' ? [booking] : [],
          total: url.searchParams.get('tab') === 'upcoming' ? 1 : 0,
          page: 1,
          pageSize: 20,
        }),
      [`POST /api/booking/bookings/${booking.id}/cancel`]: () =>
        Response.json({ booking: { ...booking, status: 'cancelled', cancelledBy: 'host' } }),
    });
    const { user } = await renderWithProviders(<BookingDashboardPage />, {
      route: '/dashboard/booking',
    });
    expect(
      await screen.findByRole('link', { name: 'http://localhost:3000/book/intro-call' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(screen.getByText('Upcoming', { selector: 'p' }).nextElementSibling).toHaveTextContent(
      '3',
    );
    const row = (await screen.findByText('Vera Visitor')).closest('tr')!;
    expect(within(row).getByText('About the catalogue import')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this meeting?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the meeting' }));
    await waitFor(() =>
      expect(api.calls('POST', `/api/booking/bookings/${booking.id}/cancel`)).toHaveLength(1),
    );
    expect(await screen.findByText('Meeting cancelled')).toBeInTheDocument();
  });

  it('offers to create a page, and saves the weekly hours it is given', async () => {
    const api = stubApi({
      'GET /api/booking/page': () => Response.json({ page: null }),
      'PUT /api/booking/page': async (request) => {
        const body = (await request.json()) as BookingPage;
        return Response.json({ page: { ...page, ...body } });
      },
    });
    const { user } = await renderWithProviders(<BookingDashboardPage />, {
      route: '/dashboard/booking',
    });
    expect(await screen.findByRole('form', { name: 'Booking page settings' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Title/));
    // pasted rather than typed key by key: what is checked is the saved value, and each key
    // re-renders the whole weekly form, which takes long on a busy machine
    await user.paste('Office hours');
    await user.clear(screen.getByLabelText(/^Link/));
    await user.paste('office-hours');
    // Saturday on as well, with the default hours
    await user.click(screen.getByRole('switch', { name: 'Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT', '/api/booking/page')).toHaveLength(1));
    const sent = (await api.calls('PUT', '/api/booking/page')[0]!.json()) as BookingPage;
    expect(sent).toMatchObject({
      title: 'Office hours',
      slug: 'office-hours',
      durationMinutes: 30,
      published: true,
    });
    expect(sent.availability).toHaveLength(6);
    expect(sent.availability).toContainEqual({ day: 6, start: '09:00', end: '17:00' });
  }, 90_000);

  it('refuses overlapping hours on the same day before saving', async () => {
    const api = stubApi({
      'GET /api/booking/page': () => Response.json({ page }),
      'GET /api/booking/stats': () => Response.json(stats),
      'GET /api/booking/bookings': () =>
        Response.json({ bookings: [], total: 0, page: 1, pageSize: 20 }),
    });
    const { user } = await renderWithProviders(<BookingDashboardPage />, {
      route: '/dashboard/booking',
    });
    await user.click(await screen.findByRole('tab', { name: 'Booking page' }));
    await user.click(await screen.findByRole('button', { name: 'Copy Monday to every day' }));
    // Monday's 09:00–12:00, then a second range on Monday that starts inside it
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const start = screen.getAllByLabelText('Monday: from')[1]!;
    await user.clear(start);
    await user.type(start, '11:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('These hours overlap others on the same day.')).length,
    ).toBeGreaterThan(0);
    expect(api.calls('PUT', '/api/booking/page')).toHaveLength(0);
  }, 90_000);
});
