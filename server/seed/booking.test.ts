// The demo booking page seeds once, published under the demo slug with free slots, bookings in
// every state for the admin's figures, and the upcoming ones in the admin's calendar.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_BOOKING_SLUG, type BookingStats, type SlotList } from '../contracts/booking.ts';
import { bookingPages, bookings, calendarEvents } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { seedBooking } from './booking.ts';
import { ensureDemoUsers } from './demo-users.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('seedBooking', () => {
  it('publishes the demo page once, with bookings and free weekday slots', async () => {
    const db = server.deps.database.db;
    const people = await ensureDemoUsers(db);
    await seedBooking(server.deps, people);
    await seedBooking(server.deps, people);
    expect((await db.select({ n: count() }).from(bookingPages))[0]!.n).toBe(2);
    const page = await server.call('GET', `/api/booking/pages/${DEMO_BOOKING_SLUG}`);
    expect(await page.json()).toMatchObject({
      page: {
        title: 'Clipdeck demo',
        durationMinutes: 30,
        timeZone: 'Europe/London',
        host: { name: 'Ada Admin' },
      },
    });
    const from = new Date(Date.now() + 86_400_000).toISOString();
    const to = new Date(Date.now() + 15 * 86_400_000).toISOString();
    const res = await server.call(
      'GET',
      `/api/booking/pages/${DEMO_BOOKING_SLUG}/slots?from=${from}&to=${to}`,
    );
    const { slots } = (await res.json()) as SlotList;
    // ten weekdays of 16 slots, less the seeded upcoming bookings
    expect(slots.length).toBeGreaterThan(140);
    for (const s of slots) expect([1, 2, 3, 4, 5]).toContain(new Date(s).getUTCDay());

    const rows = await db.select().from(bookings);
    expect(rows.some((b) => b.status === 'cancelled')).toBe(true);
    expect(rows.some((b) => b.start < new Date() && b.status === 'confirmed')).toBe(true);
    const upcoming = rows.filter((b) => b.status === 'confirmed' && b.start > new Date());
    expect(upcoming.length).toBeGreaterThan(0);
    const events = await db
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, people.admin!.id));
    expect(events).toHaveLength(upcoming.length);

    const adminToken = await server.deps.tokens.sign({ id: people.admin!.id, role: 'admin' });
    const stats = (await (
      await server.call('GET', '/api/booking/stats', { token: adminToken })
    ).json()) as BookingStats;
    expect(stats.totals.booked + stats.totals.cancelled).toBe(rows.length);
  });
});
