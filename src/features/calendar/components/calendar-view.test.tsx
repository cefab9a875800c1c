import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { CalendarView } from './calendar-view';
import { eventColorHex } from './event-colors';

const today = new Date();
today.setHours(9, 0, 0, 0);

function eventRow(title: string, color: string) {
  return {
    id: crypto.randomUUID(),
    title,
    description: '',
    color,
    allDay: false,
    start: today.toISOString(),
    end: new Date(today.getTime() + 3_600_000).toISOString(),
    updatedAt: today.toISOString(),
  };
}

describe('CalendarView colours', () => {
  it('draws an event with the hex colour another client gave it, and a palette name with its shade', async () => {
    const events = [eventRow('Hex standup', '#00A76F'), eventRow('Named review', 'violet')];
    await renderWithProviders(
      <CalendarView
        calendarRef={createRef()}
        events={events as never}
        initialView="month"
        language="en"
        height={600}
        onDatesSet={vi.fn()}
        onSelectRange={vi.fn()}
        onEventOpen={vi.fn()}
        onEventMove={vi.fn()}
        noEvents={null}
      />,
    );
    // FullCalendar 7 paints an event with its --fc-event-color
    const colourOf = (title: string) =>
      screen
        .getByText(title)
        .closest<HTMLElement>('[role="button"]')
        ?.style.getPropertyValue('--fc-event-color');
    expect(colourOf('Hex standup')).toBe('#00A76F');
    expect(colourOf('Named review')).toBe('#7048e8');
  });

  it('maps colours to what is drawn: names to their shade, hex as given, anything else to blue', () => {
    expect(eventColorHex('#00A76F')).toBe('#00A76F');
    expect(eventColorHex('#0a7')).toBe('#00AA77');
    expect(eventColorHex('teal')).toBe('#0c8599');
    expect(eventColorHex('toString')).toBe('#1971c2');
    expect(eventColorHex('pink')).toBe('#1971c2');
  });
});
