import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import { renderWithProviders } from '@/testing/render';

import { calendarsTable, eventsTable } from '../local/tables';
import { HOLIDAYS, TEAM, writeSharedCalendars } from '../testing/calendars';
import CalendarPage from './calendar';

beforeEach(async () => {
  await Promise.all([calendarsTable().clear(), eventsTable().clear(), db.outbox.clear()]);
  // this device synced before; the server is unreachable (offline)
  await writeSharedCalendars();
  await db.meta.put({ key: 'lastSyncAt', value: Date.now() });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
});
afterEach(() => vi.unstubAllGlobals());

const queued = async () =>
  (await db.outbox.orderBy('seq').toArray()).map((r) => ({
    op: r.op,
    body: JSON.parse(r.request.body) as unknown,
  }));

/** The colour FullCalendar 7 paints an event with. */
const colourOf = (title: string) =>
  screen
    .getByText(title)
    .closest<HTMLElement>('[role="button"]')
    ?.style.getPropertyValue('--fc-event-color');

const renderPage = () => renderWithProviders(<CalendarPage />, { route: '/dashboard/calendar' });

describe('calendar page: my settings of each calendar, offline', () => {
  it('hides a calendar and recolours another at once, each one queued change', async () => {
    const { user } = await renderPage();
    expect(await screen.findByText('Museum trip')).toBeInTheDocument();
    expect(colourOf('Sprint review')).toBe('#2F9E44');

    const holidays = screen.getByRole('checkbox', { name: 'Show Holidays (Lee Chen)' });
    await user.click(holidays);
    await waitFor(() => expect(screen.queryByText('Museum trip')).not.toBeInTheDocument());
    expect(holidays).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Colour of Team (Sam Rivera)' }));
    // (the menu's opening transition does not run in happy-dom: found by its label)
    await user.click(await screen.findByLabelText('Use colour #7048e8'));
    await waitFor(() => expect(colourOf('Sprint review')).toBe('#7048e8'));

    expect(await queued()).toEqual([
      { op: 'calendar.settings', body: { calendarId: HOLIDAYS, shown: false } },
      { op: 'calendar.settings', body: { calendarId: TEAM, color: '#7048e8' } },
    ]);
    // kept on the device: what the next page (or a reload) shows
    expect(await calendarsTable().get(HOLIDAYS)).toMatchObject({ shown: false });
    expect(
      within(screen.getByTestId('calendar-list')).getAllByTestId('calendar-item'),
    ).toHaveLength(3);
  });
});

describe('calendar page: a calendar I may only view', () => {
  it('opens its event as details without a form or any button that writes', async () => {
    const { user } = await renderPage();
    await user.click(await screen.findByText('Museum trip'));
    const details = await screen.findByRole('dialog', { name: 'Museum trip' });
    expect(within(details).getByText('About Museum trip')).toBeInTheDocument();
    expect(within(details).getByText('Holidays')).toBeInTheDocument();
    expect(within(details).getByText('Lee Chen')).toBeInTheDocument();
    expect(within(details).getByText('Green')).toBeInTheDocument();
    expect(within(details).getByText(/2:00\W+3:00\W+PM/)).toBeInTheDocument();
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /Save|Delete|Create/ })).toBeNull();
    await user.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // an event of a calendar I edit opens its form
    await user.click(screen.getByText('Sprint review'));
    const form = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Sprint review');
    expect(await queued()).toEqual([]);
  });
});
