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
    expect(within(details).getByText('Holidays (Lee Chen)')).toBeInTheDocument();
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

describe('calendar page: a new event in a calendar I may write', () => {
  it('offers my calendar and the ones I edit, and creates the event in the one chosen', async () => {
    const { user } = await renderPage();
    await screen.findByText('Museum trip');
    await user.click(screen.getByTestId('new-event'));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    const picker = within(dialog).getByRole('combobox', { name: 'Calendar' });
    expect(picker).toHaveValue('My calendar');

    await user.click(picker);
    // (the dropdown's opening transition does not run in happy-dom: its options count as hidden)
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['My calendar', 'Team (Sam Rivera)']);
    await user.click(screen.getByRole('option', { name: 'Team (Sam Rivera)', hidden: true }));
    expect(picker).toHaveValue('Team (Sam Rivera)');

    await user.type(within(dialog).getByLabelText(/^Title/), 'Planning poker');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // on the calendar at once, in the colour I gave Team
    await waitFor(() => expect(colourOf('Planning poker')).toBe('#2F9E44'));
    expect(await queued()).toEqual([
      {
        op: 'event.create',
        body: expect.objectContaining({ title: 'Planning poker', calendarId: TEAM }) as unknown,
      },
    ]);
  });

  it('starts in the one calendar shown when I may write it, else in mine', async () => {
    const { user } = await renderPage();
    await screen.findByText('Museum trip');
    await user.click(screen.getByRole('checkbox', { name: 'Show My calendar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show Holidays (Lee Chen)' }));
    await waitFor(() => expect(screen.queryByText('Museum trip')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('new-event'));
    let dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(within(dialog).getByRole('combobox', { name: 'Calendar' })).toHaveValue(
      'Team (Sam Rivera)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('checkbox', { name: 'Show Team (Sam Rivera)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show Holidays (Lee Chen)' }));
    await screen.findByText('Museum trip');
    await user.click(screen.getByTestId('new-event'));
    dialog = await screen.findByRole('dialog', { name: 'New event' });
    expect(within(dialog).getByRole('combobox', { name: 'Calendar' })).toHaveValue('My calendar');
  });
});
