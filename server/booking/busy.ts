// What a host is busy with in a window: their confirmed bookings and their timed calendar
// events. All-day events do not block slots (as in most calendars, an all-day entry such as a
// birthday or a travel note is "free" time unless the host blocks hours for it). A page's
// free times are its slots (./slots.ts) that none of these overlaps.
import { and, eq, gt, lt } from 'drizzle-orm';

import type { SlotList } from '../contracts/booking.ts';
import type { Executor } from '../db/client.ts';
import { bookings, calendarEvents } from '../db/schema/index.ts';
import type { PageRow } from './pages.ts';
import { busyWindow, freeSlots, type Busy } from './slots.ts';

export async function hostBusy(
  db: Executor,
  hostId: string,
  from: Date,
  to: Date,
): Promise<Busy[]> {
  const booked = await db
    .select({ start: bookings.start, end: bookings.end })
    .from(bookings)
    .where(
      and(
        eq(bookings.hostId, hostId),
        eq(bookings.status, 'confirmed'),
        lt(bookings.start, to),
        gt(bookings.end, from),
      ),
    );
  const events = await db
    .select({ start: calendarEvents.start, end: calendarEvents.end })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, hostId),
        eq(calendarEvents.allDay, false),
        lt(calendarEvents.start, to),
        gt(calendarEvents.end, from),
      ),
    );
  return [...booked, ...events];
}

/** The page's free start times from `from` to `to`. */
export async function openSlots(
  db: Executor,
  page: PageRow,
  from: Date,
  to: Date,
  now = new Date(),
): Promise<SlotList> {
  const window = busyWindow(page, from, to);
  const busy = await hostBusy(db, page.userId, window.from, window.to);
  return {
    slots: freeSlots(page, from, to, now, busy).map((d) => d.toISOString()),
    durationMinutes: page.durationMinutes,
  };
}
