// The calendars the user sees, read live from the device, and the user's own settings for each
// (colour, shown): written on the device at once and sent to the server, whose answer the next
// pull brings back (POST /api/calendars/settings, docs/live.md).
import { useLiveQuery } from 'dexie-react-hooks';

import { api } from '@/lib/api-client';

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
  patch: { color?: string; shown?: boolean },
) {
  await calendarsTable().update(calendarId, patch);
  await api.post('/api/calendars/settings', { json: { calendarId, ...patch } });
}
