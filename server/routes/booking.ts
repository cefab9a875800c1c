// /api/booking: a user's booking page and bookings (signed in), and the public side of a page:
// its free slots, booking one (signed in or out, within server/booking/limits.ts) and the
// cancel link. Times are UTC ISO. The rules are server/booking's.
import { Hono } from 'hono';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import { bookSlot } from '../booking/book.ts';
import { openSlots } from '../booking/busy.ts';
import { cancelBooking, viewByCode } from '../booking/cancel.ts';
import { bookingStats, listBookings } from '../booking/host-views.ts';
import { limitBooking } from '../booking/limits.ts';
import { ownPage, publishedPage, savePage, toBookingPage, toPublicPage } from '../booking/pages.ts';
import type { AppEnv } from '../context.ts';
import {
  bookingIdParam,
  bookingInputSchema,
  bookingListSchema,
  bookingPageInputSchema,
  bookingPageNumber,
  bookingStatsSchema,
  cancelCodeSchema,
  slotRangeSchema,
} from '../contracts/booking.ts';
import { parseJson, parseQuery, validate } from '../lib/errors.ts';

export const bookingRoutes = new Hono<AppEnv>();

// ---- the host's side (signed in) ---------------------------------------------------------

bookingRoutes.get('/page', requireUser, async (c) => {
  const row = await ownPage(c.var.deps.database.db, currentUser(c).id);
  return c.json({ page: row ? toBookingPage(row) : null });
});

bookingRoutes.put('/page', requireUser, async (c) => {
  const input = await parseJson(c, bookingPageInputSchema);
  const row = await savePage(c.var.deps.database.db, currentUser(c), input);
  return c.json({ page: toBookingPage(row) });
});

bookingRoutes.get('/bookings', requireUser, async (c) => {
  const { tab } = parseQuery(c, bookingListSchema);
  const { page } = validate(bookingPageNumber, { page: c.req.query('page') });
  return c.json(await listBookings(c.var.deps.database.db, currentUser(c).id, tab, page));
});

bookingRoutes.get('/stats', requireUser, async (c) => {
  const { group } = parseQuery(c, bookingStatsSchema);
  return c.json(await bookingStats(c.var.deps.database.db, currentUser(c).id, group));
});

bookingRoutes.post('/bookings/:id/cancel', requireUser, async (c) => {
  const { id } = validate(bookingIdParam, { id: c.req.param('id') });
  const booking = await cancelBooking(c.var.deps, {
    by: 'host',
    hostId: currentUser(c).id,
    bookingId: id,
  });
  return c.json({ booking });
});

// ---- the visitor's side (public) ---------------------------------------------------------

bookingRoutes.get('/pages/:slug', async (c) => {
  const { page, hostName } = await publishedPage(c.var.deps.database.db, c.req.param('slug'));
  return c.json({ page: toPublicPage(page, hostName) });
});

bookingRoutes.get('/pages/:slug/slots', async (c) => {
  const range = parseQuery(c, slotRangeSchema);
  const db = c.var.deps.database.db;
  const { page } = await publishedPage(db, c.req.param('slug'));
  const slots = await openSlots(db, page, new Date(range.from), new Date(range.to));
  c.header('Cache-Control', 'no-store');
  return c.json(slots);
});

bookingRoutes.post('/pages/:slug/bookings', optionalUser, async (c) => {
  const { deps } = c.var;
  const input = await parseJson(c, bookingInputSchema);
  const visitor = c.var.user;
  await limitBooking(deps.database.db, visitor, { address: c.var.clientIp, email: input.email });
  const { page, hostName } = await publishedPage(deps.database.db, c.req.param('slug'));
  const receipt = await bookSlot(deps, page, hostName, input, visitor);
  return c.json({ booking: receipt }, 201);
});

bookingRoutes.get('/cancel', async (c) => {
  const { code } = parseQuery(c, cancelCodeSchema);
  c.header('Cache-Control', 'no-store');
  return c.json({ booking: await viewByCode(c.var.deps.database.db, code) });
});

bookingRoutes.post('/cancel', async (c) => {
  const { code } = await parseJson(c, cancelCodeSchema);
  const booking = await cancelBooking(c.var.deps, { by: 'visitor', code });
  return c.json({ booking: { status: booking.status, start: booking.start, end: booking.end } });
});
