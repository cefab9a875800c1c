// What a host sees of their bookings: one tab of the list (upcoming, past, cancelled; paged)
// and the figures with a series by week (weeks start on Sunday) or month, in
// the host's zone (their booking page's; UTC without one). Every query is scoped by `host_id`.
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';

import type { BookingStats, BookingTab } from '../contracts/booking.ts';
import type { Executor } from '../db/client.ts';
import { bookings } from '../db/schema/index.ts';
import { toBooking } from './cancel.ts';
import { ownPage } from './pages.ts';

export const BOOKINGS_PAGE_SIZE = 20;

export async function listBookings(
  db: Executor,
  hostId: string,
  tab: BookingTab,
  page: number,
  now = new Date(),
) {
  const conditions: Record<BookingTab, SQL> = {
    upcoming: and(eq(bookings.status, 'confirmed'), gte(bookings.end, now))!,
    past: and(eq(bookings.status, 'confirmed'), lt(bookings.end, now))!,
    cancelled: eq(bookings.status, 'cancelled'),
  };
  const where = and(eq(bookings.hostId, hostId), conditions[tab]);
  const [total] = await db.select({ n: count() }).from(bookings).where(where);
  const rows = await db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(tab === 'upcoming' ? asc(bookings.start) : desc(bookings.start))
    .limit(BOOKINGS_PAGE_SIZE)
    .offset((page - 1) * BOOKINGS_PAGE_SIZE);
  return {
    bookings: rows.map(toBooking),
    total: Number(total?.n ?? 0),
    page,
    pageSize: BOOKINGS_PAGE_SIZE,
  };
}

const PAST_PERIODS = 11;
const FUTURE_PERIODS = 4;

/** The period a day falls in: its Sunday (YYYY-MM-DD) or its month (YYYY-MM). */
function periodOf(day: Temporal.PlainDate, group: 'week' | 'month') {
  return group === 'month'
    ? day.toPlainYearMonth().toString()
    : day.subtract({ days: day.dayOfWeek % 7 }).toString();
}

export async function bookingStats(
  db: Executor,
  hostId: string,
  group: 'week' | 'month',
  now = new Date(),
): Promise<BookingStats> {
  const timeZone = (await ownPage(db, hostId))?.timeZone ?? 'UTC';
  const [sums] = await db
    .select({
      booked: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`,
      cancelled: sql<number>`count(*) filter (where ${bookings.status} = 'cancelled')`,
      upcoming: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed' and ${bookings.end} >= ${now.toISOString()}::timestamptz)`,
    })
    .from(bookings)
    .where(eq(bookings.hostId, hostId));
  const booked = Number(sums?.booked ?? 0);
  const upcoming = Number(sums?.upcoming ?? 0);
  const totals = {
    booked,
    cancelled: Number(sums?.cancelled ?? 0),
    upcoming,
    past: booked - upcoming,
  };
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate();
  const periods: string[] = [];
  for (let i = -PAST_PERIODS; i <= FUTURE_PERIODS; i += 1) {
    const day =
      group === 'month' ? today.with({ day: 1 }).add({ months: i }) : today.add({ weeks: i });
    periods.push(periodOf(day, group));
  }
  const span = (group === 'month' ? 31 : 7) * 86_400_000;
  const rows = await db
    .select({ start: bookings.start, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.hostId, hostId),
        gte(bookings.start, new Date(now.getTime() - (PAST_PERIODS + 1) * span)),
        lt(bookings.start, new Date(now.getTime() + (FUTURE_PERIODS + 1) * span)),
      ),
    );
  const series = new Map(periods.map((p) => [p, { period: p, booked: 0, cancelled: 0 }]));
  for (const row of rows) {
    const day = Temporal.Instant.fromEpochMilliseconds(row.start.getTime())
      .toZonedDateTimeISO(timeZone)
      .toPlainDate();
    const entry = series.get(periodOf(day, group));
    if (entry) entry[row.status === 'cancelled' ? 'cancelled' : 'booked'] += 1;
  }
  return { totals, group, series: [...series.values()] };
}
