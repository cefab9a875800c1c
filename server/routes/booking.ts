// /api/booking: a user's booking page and bookings (signed in), and the public side of a page:
// its free slots, booking one (signed in or out, within server/booking/limits.ts) and the
// cancel link (booking-public.ts). Times are UTC ISO. The rules are server/booking's.
import { Hono } from 'hono';

import { currentUser, requireUser } from '../auth/middleware.ts';
import { cancelBooking } from '../booking/cancel.ts';
import { bookingStats, listBookings } from '../booking/host-views.ts';
import { ownPage, savePage, toBookingPage } from '../booking/pages.ts';
import type { AppEnv } from '../context.ts';
import {
  bookingIdParam,
  bookingListSchema,
  bookingPageInputSchema,
  bookingPageNumber,
  bookingStatsSchema,
} from '../contracts/booking.ts';
import { routeGroup } from '../openapi/route.ts';
import { bookingPublicRoutes } from './booking-public.ts';

export const bookingRoutes = new Hono<AppEnv>();

const host = routeGroup({ tag: 'Booking', access: 'user' });

// ---- the host's side (signed in) ---------------------------------------------------------

bookingRoutes.get('/page', requireUser, host('My booking page.'), async (c) => {
  const row = await ownPage(c.var.deps.database.db, currentUser(c).id);
  return c.json({ page: row ? toBookingPage(row) : null });
});

bookingRoutes.put(
  '/page',
  requireUser,
  host('Save my booking page.', { body: bookingPageInputSchema }),
  async (c) => {
    const input = c.req.valid('json');
    const row = await savePage(c.var.deps.database.db, currentUser(c), input);
    return c.json({ page: toBookingPage(row) });
  },
);

const bookingsQuery = bookingListSchema.extend(bookingPageNumber.shape);
bookingRoutes.get(
  '/bookings',
  requireUser,
  host('Bookings made with me, by tab, paged.', { query: bookingsQuery }),
  async (c) => {
    const { tab, page } = c.req.valid('query');
    return c.json(await listBookings(c.var.deps.database.db, currentUser(c).id, tab, page));
  },
);

bookingRoutes.get(
  '/stats',
  requireUser,
  host('Booking counts per week or month.', { query: bookingStatsSchema }),
  async (c) => {
    const { group } = c.req.valid('query');
    return c.json(await bookingStats(c.var.deps.database.db, currentUser(c).id, group));
  },
);

bookingRoutes.post(
  '/bookings/:id/cancel',
  requireUser,
  host('Cancel a booking made with me.', { params: bookingIdParam }),
  async (c) => {
    const { id } = c.req.valid('param');
    const booking = await cancelBooking(c.var.deps, {
      by: 'host',
      hostId: currentUser(c).id,
      bookingId: id,
    });
    return c.json({ booking });
  },
);

bookingRoutes.route('/', bookingPublicRoutes);
