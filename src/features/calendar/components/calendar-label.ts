import type { CalendarRow } from '../local/tables';

type Translate = (key: string, o?: Record<string, unknown>) => string;

/** "My calendar", or a shared one's name with its owner's. */
export function calendarLabel(calendar: CalendarRow, t: Translate) {
  return calendar.role === 'owner'
    ? t('calendar.calendars.mine')
    : t('calendar.calendars.sharedBy', { calendar: calendar.name, owner: calendar.owner.name });
}

/** A calendar a new event may go into, as the event form offers it. */
export interface CalendarChoice {
  id: string;
  label: string;
  color: string;
}
