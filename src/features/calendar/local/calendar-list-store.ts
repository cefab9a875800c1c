// The calendars the user sees, read live from the device, and the user's own settings for each
// (colour, shown): saved through the sync queue like the events, so they show at once, work
// offline and reach the server once (POST /api/calendars/settings, docs/live.md).
import { useLiveQuery } from 'dexie-react-hooks';

import { saveChange } from '@/components/sync/save-change';

import type { CalendarChange, CalendarSettingsChange } from './sync';
import { calendarsTable, type CalendarRow } from './tables';

/** Mine first, then the shared ones by name; undefined while Dexie opens. */
export function useCalendars(): CalendarRow[] | undefined {
  return useLiveQuery(async () => {
    const rows = await calendarsTable().toArray();
    return rows.sort(
      (a, b) =>
        Number(b.role === 'owner') - Number(a.role === 'owner') || a.name.localeCompare(b.name),
    );
  }, []);
}

export async function setCalendarSettings(
  calendarId: string,
  settings: Omit<CalendarSettingsChange, 'calendarId'>,
) {
  const change: CalendarChange = { op: 'calendar.settings', body: { calendarId, ...settings } };
  await saveChange(change);
}
