// The demo's booking pages. The admin publishes "Clipdeck demo" (the page behind /demo: 30
// minutes, weekdays 09:00–17:00 London time) with bookings over the last two months and the
// next two weeks, some cancelled, so the bookings page has figures and a chart on first start;
// upcoming ones are in the admin's calendar. Dana has an unpublished page of her own to edit.
// Deterministic, and idempotent: nothing is written once the admin has a page.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';

import { hashCode } from '../booking/book.ts';
import type { AppDeps } from '../context.ts';
import { DEMO_BOOKING_SLUG, type AvailabilityRange } from '../contracts/booking.ts';
import { bookingPages, bookings, calendarEvents } from '../db/schema/index.ts';
import { ownId } from '../live/access.ts';
import type { DemoUsers } from './demo-users.ts';

const ZONE = 'Europe/London';
const weekdays = (start: string, end: string): AvailabilityRange[] =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

const VISITORS = [
  { name: 'Priya Raman', email: 'priya@northwind.example' },
  { name: 'Tomás Ortega', email: 'tomas@lumiere.example' },
  { name: 'Mei Lin', email: 'mei@harbour.example' },
  { name: 'Jonas Berg', email: 'jonas@fjord.example' },
  { name: 'Amina Yusuf', email: 'amina@savanna.example' },
];

/** A weekday `weeks` from this one (Monday = 1), at `hour` London time. */
function meeting(weeks: number, weekday: number, hour: number) {
  const today = Temporal.Now.zonedDateTimeISO(ZONE).toPlainDate();
  const monday = today.subtract({ days: today.dayOfWeek - 1 }).add({ weeks });
  const day = monday.add({ days: weekday - 1 });
  const start = day
    .toPlainDateTime({ hour: Math.floor(hour), minute: (hour % 1) * 60 })
    .toZonedDateTime(ZONE);
  return {
    start: new Date(start.epochMilliseconds),
    end: new Date(start.add({ minutes: 30 }).epochMilliseconds),
  };
}

export async function seedBooking(deps: AppDeps, demo: DemoUsers): Promise<void> {
  const db = deps.database.db;
  const admin = demo.admin!;
  const existing = await db
    .select({ id: bookingPages.id })
    .from(bookingPages)
    .where(eq(bookingPages.userId, admin.id));
  if (existing.length > 0) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [page] = await tx
      .insert(bookingPages)
      .values({
        userId: admin.id,
        slug: DEMO_BOOKING_SLUG,
        title: 'Clipdeck demo',
        description:
          'A video call with the Clipdeck team: the catalogue search, mail, calendar and offline sync, shown on your own questions.',
        durationMinutes: 30,
        bufferMinutes: 0,
        horizonDays: 60,
        minNoticeMinutes: 120,
        timeZone: ZONE,
        availability: weekdays('09:00', '17:00'),
        published: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!page) return;
    const people = [
      ...VISITORS.map((v) => ({ ...v, userId: null as string | null })),
      ...(['demo', 'sam', 'lin'] as const).map((key) => {
        const u = demo[key]!;
        return { name: `${u.firstName} ${u.lastName}`, email: u.email, userId: u.id };
      }),
    ];
    let n = 0;
    for (let week = -8; week <= 1; week += 1) {
      const perWeek = 1 + ((week + 8) % 3);
      for (let i = 0; i < perWeek; i += 1) {
        n += 1;
        const { start, end } = meeting(week, 1 + ((n * 2) % 5), 9.5 + ((n * 3) % 14) / 2);
        // upcoming meetings start at least a day from now, so the seed never books inside the notice
        if (start > now && start.getTime() - now.getTime() < 86_400_000) continue;
        const who = people[n % people.length]!;
        const cancelled = n % 4 === 0;
        const hostEvent =
          cancelled || start < now
            ? null
            : (
                await tx
                  .insert(calendarEvents)
                  .values({
                    userId: admin.id,
                    calendarId: await ownId(tx, 'calendar', admin),
                    title: `Clipdeck demo — ${who.name}`,
                    description: `${who.name} <${who.email}>`,
                    color: 'violet',
                    start,
                    end,
                  })
                  .returning({ id: calendarEvents.id })
              )[0]!.id;
        await tx
          .insert(bookings)
          .values({
            pageId: page.id,
            hostId: admin.id,
            start,
            end,
            title: page.title,
            status: cancelled ? 'cancelled' : 'confirmed',
            visitorName: who.name,
            visitorEmail: who.email,
            visitorUserId: who.userId,
            visitorTimeZone: ZONE,
            visitorLanguage: 'en',
            note: n % 3 === 0 ? 'Interested in the semantic search and the offline calendar.' : '',
            cancelCodeHash: hashCode(crypto.randomBytes(24).toString('base64url')),
            hostEventId: hostEvent,
            cancelledAt: cancelled
              ? new Date(Math.min(start.getTime(), now.getTime()) - 86_400_000)
              : null,
            cancelledBy: cancelled ? (n % 8 === 0 ? 'host' : 'visitor') : null,
            createdAt: new Date(start.getTime() - 5 * 86_400_000),
          })
          .onConflictDoNothing();
      }
    }
    await tx
      .insert(bookingPages)
      .values({
        userId: demo.demo!.id,
        slug: 'dana-office-hours',
        title: 'Office hours with Dana',
        description: 'Questions about your channel, your clips or the catalogue import.',
        durationMinutes: 45,
        bufferMinutes: 15,
        horizonDays: 30,
        minNoticeMinutes: 240,
        timeZone: 'Europe/Paris',
        availability: [
          { day: 2, start: '14:00', end: '17:00' },
          { day: 4, start: '09:30', end: '12:00' },
        ],
        published: false,
      })
      .onConflictDoNothing();
  });
}
