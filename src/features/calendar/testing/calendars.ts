// Test data: calendars written to the device's mirror as a pull from the server would, for the
// calendar's component tests: the user's own calendar, Sam's "Team" shared with them as an
// editor and Lee's "Holidays" shared as a viewer, each holding one event today.
import type { CalendarEvent } from '../../../../server/contracts/calendar';
import type { CalendarSummary, Role } from '../../../../server/contracts/live';
import { calendarSync } from '../local/sync';

export const MINE = '0c7d5d1c-0000-4a55-9a4e-0000000000c1';
export const TEAM = '0c7d5d1c-0000-4a55-9a4e-0000000000c2';
export const HOLIDAYS = '0c7d5d1c-0000-4a55-9a4e-0000000000c3';
export const ME = {
  id: '11111111-0000-4a55-9a4e-000000000001',
  name: 'Dana Demo',
  email: 'demo@clipdeck.dev',
};
export const SAM = {
  id: '11111111-0000-4a55-9a4e-000000000002',
  name: 'Sam Rivera',
  email: 'sam@clipdeck.dev',
};
export const LEE = {
  id: '11111111-0000-4a55-9a4e-000000000003',
  name: 'Lee Chen',
  email: 'lee@clipdeck.dev',
};

const summary = (
  id: string,
  name: string,
  role: Role,
  owner: typeof ME,
  color: string,
): CalendarSummary => ({ id, name, owner, role, cursor: 3, color, shown: true });

/** Today at `hour`:00 local time, for `hours` hours. */
function event(calendarId: string, title: string, hour: number, hours = 1): CalendarEvent {
  const start = new Date();
  start.setHours(hour, 0, 0, 0);
  return {
    id: crypto.randomUUID(),
    calendarId,
    rev: 1,
    title,
    description: `About ${title}`,
    color: 'green',
    allDay: false,
    start: start.toISOString(),
    end: new Date(start.getTime() + hours * 3_600_000).toISOString(),
    updatedAt: start.toISOString(),
  };
}

/** Mine ("Dentist" at 9), Team as editor ("Sprint review" at 11), Holidays as viewer
 *  ("Museum trip" at 14). */
export function writeSharedCalendars(): Promise<void> {
  return calendarSync.pull!.write([
    {
      summary: summary(MINE, 'Dana’s calendar', 'owner', ME, '#1971C2'),
      events: [event(MINE, 'Dentist', 9)],
    },
    {
      summary: summary(TEAM, 'Team', 'editor', SAM, '#2F9E44'),
      events: [event(TEAM, 'Sprint review', 11)],
    },
    {
      summary: summary(HOLIDAYS, 'Holidays', 'viewer', LEE, '#E8590C'),
      events: [event(HOLIDAYS, 'Museum trip', 14)],
    },
  ]);
}
