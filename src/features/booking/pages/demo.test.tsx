import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';
import { stubApi } from '@/testing/stub-api';

import type { BookingReceipt, PublicBookingPage } from '../../../../server/contracts/booking';
import DemoPage from './demo';

const page: PublicBookingPage = {
  title: 'Clipdeck demo',
  slug: 'clipdeck-demo',
  description: 'A 30-minute video call with the Clipdeck team.',
  durationMinutes: 30,
  timeZone: 'Europe/London',
  horizonDays: 60,
  minNoticeMinutes: 120,
  host: { name: 'Ada Admin' },
};

// Monday 4 May 2026, 08:00 UTC; free times on Wednesday 6 May
const SLOTS = ['2026-05-06T09:00:00.000Z', '2026-05-06T09:30:00.000Z', '2026-05-06T13:00:00.000Z'];
const receipt: BookingReceipt = {
  id: 'b1',
  title: 'Clipdeck demo',
  hostName: 'Ada Admin',
  start: '2026-05-06T09:30:00.000Z',
  end: '2026-05-06T10:00:00.000Z',
  cancelUrl: 'http://localhost:8080/book/cancel?code=abcdefghijklmnopqrstuvwxyz012345',
  mailedTo: 'email',
};

// happy-dom has no FontFaceSet; Mantine's autosize textarea listens to it
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-04T08:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stub(book: () => Response) {
  return stubApi({
    'GET /api/booking/pages/clipdeck-demo': () => Response.json({ page }),
    'GET /api/booking/pages/clipdeck-demo/slots': () =>
      Response.json({ slots: SLOTS, durationMinutes: 30 }),
    'POST /api/booking/pages/clipdeck-demo/bookings': book,
  });
}

async function pickAndFill(user: Awaited<ReturnType<typeof renderWithProviders>>['user']) {
  await screen.findByRole('heading', { name: 'Book a demo' }, { timeout: 15_000 });
  const times = await screen.findByRole('group', { name: 'Pick a time' }, { timeout: 15_000 });
  // the visitor's zone (UTC here), in the UI language's clock on the first day with free times
  expect(
    within(times)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['9:00 AM', '9:30 AM', '1:00 PM']);
  expect(screen.getByRole('heading', { name: 'Wednesday, May 6, 2026' })).toBeInTheDocument();
  await user.click(within(times).getByRole('button', { name: '9:30 AM' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText(/Your name/), 'Vera Visitor');
  await user.type(screen.getByLabelText(/Your email/), 'vera@example.com');
}

describe('/demo', () => {
  it('books a free time signed out and shows it in the visitor zone with a cancel link', async () => {
    const api = stub(() => Response.json({ booking: receipt }, { status: 201 }));
    const { user } = await renderWithProviders(<DemoPage />, { route: '/demo' });
    await pickAndFill(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'You are booked' })).toBeInTheDocument();
    expect(screen.getByTestId('booked-time')).toHaveTextContent(
      'Wednesday, May 6, 2026, 9:30 AM – 10:00 AM',
    );
    expect(screen.getByRole('link', { name: 'Cancel this booking' })).toHaveAttribute(
      'href',
      '/book/cancel?code=abcdefghijklmnopqrstuvwxyz012345',
    );
    const [sent] = api.calls('POST', '/api/booking/pages/clipdeck-demo/bookings');
    expect(await sent!.json()).toEqual({
      start: '2026-05-06T09:30:00.000Z',
      name: 'Vera Visitor',
      email: 'vera@example.com',
      note: '',
      timeZone: 'UTC',
      language: 'en',
    });
  });

  it('checks the name and email before sending', async () => {
    const api = stub(() => Response.json({ booking: receipt }, { status: 201 }));
    const { user } = await renderWithProviders(<DemoPage />, { route: '/demo' });
    await screen.findByRole('group', { name: 'Pick a time' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: '9:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Your email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Your name is required.')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a valid email address, such as name@example.com.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/booking/pages/clipdeck-demo/bookings')).toHaveLength(0);
  });

  it('goes back to the times when someone else took the time first', async () => {
    stub(() =>
      Response.json(
        {
          error: 'Sorry, this time was just booked by someone else. Please pick another time.',
          fields: { start: 'x' },
        },
        { status: 409 },
      ),
    );
    const { user } = await renderWithProviders(<DemoPage />, { route: '/demo' });
    await pickAndFill(user);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('just booked by someone else');
    expect(screen.getByRole('group', { name: 'Pick a time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('says so when the demo page is not published', async () => {
    stubApi({});
    await renderWithProviders(<DemoPage />, { route: '/demo' });
    expect(
      await screen.findByRole('heading', { name: 'This booking page is not available' }),
    ).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    stub(() => Response.json({ booking: receipt }, { status: 201 }));
    await renderWithProviders(<DemoPage />, { route: '/demo', language: 'ar' });
    expect(
      await screen.findByRole('group', { name: 'اختر وقتًا' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('30 دقيقة')).toBeInTheDocument();
    expect(screen.getByText('منطقتك الزمنية', { selector: 'label' })).toBeInTheDocument();
  });
});
