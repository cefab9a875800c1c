// /api/booking: a user's booking page and bookings (signed in), and the public side of a page:
// its free slots, booking one (signed in or out) and the cancel link. Times are UTC ISO.
// Signed-out bookings are limited per client address and per email, signed-in ones per user
// (429 with Retry-After), in the database like every other limit.
import { Hono } from 'hono';
import { z } from 'zod';

import { currentUser, optionalUser, requireUser } from '../auth/middleware.ts';
import { limitRequest, type RequestLimit } from '../auth/request-limits.ts';
import { normaliseEmail } from '../auth/users.ts';
import { bookSlot } from '../booking/book.ts';
import { hostBusy } from '../booking/busy.ts';
import { cancelBooking, viewByCode } from '../booking/cancel.ts';
import { bookingStats, listBookings } from '../booking/host-views.ts';
import { ownPage, publishedPage, savePage, toBookingPage, toPublicPage } from '../booking/pages.ts';
import { busyWindow, freeSlots } from '../booking/slots.ts';
import type { AppEnv } from '../context.ts';
import {
  bookingInputSchema,
  bookingListSchema,
  bookingPageInputSchema,
  bookingStatsSchema,
  cancelCodeSchema,
  slotRangeSchema,
  type SlotList,
} from '../contracts/booking.ts';
import { ApiError, parseJson, parseQuery, validate } from '../lib/errors.ts';
import { hitLimit } from '../lib/rate-limit.ts';

export const ANONYMOUS_BOOKING_LIMIT: RequestLimit = {
  call: 'booking',
  windowSeconds: 60 * 60,
  perAddress: 10,
  perEmail: 3,
};
export const USER_BOOKINGS_PER_HOUR = 20;

export const uuid = z.object({ id: z.uuid('The booking id must be a UUID.') });
export const pageNumber = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').max(10_000).default(1),
});

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
  const { page } = validate(pageNumber, { page: c.req.query('page') });
  return c.json(await listBookings(c.var.deps.database.db, currentUser(c).id, tab, page));
});

bookingRoutes.get('/stats', requireUser, async (c) => {
  const { group } = parseQuery(c, bookingStatsSchema);
  const db = c.var.deps.database.db;
  const user = currentUser(c);
  const page = await ownPage(db, user.id);
  return c.json(await bookingStats(db, user.id, group, page?.timeZone ?? 'UTC'));
});

bookingRoutes.post('/bookings/:id/cancel', requireUser, async (c) => {
  const { id } = validate(uuid, { id: c.req.param('id') });
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
  const from = new Date(range.from);
  const to = new Date(range.to);
  const window = busyWindow(page, from, to);
  const busy = await hostBusy(db, page.userId, window.from, window.to);
  const body: SlotList = {
    slots: freeSlots(page, from, to, new Date(), busy).map((d) => d.toISOString()),
    durationMinutes: page.durationMinutes,
  };
  c.header('Cache-Control', 'no-store');
  return c.json(body);
});

bookingRoutes.post('/pages/:slug/bookings', optionalUser, async (c) => {
  const { deps } = c.var;
  const input = await parseJson(c, bookingInputSchema);
  const db = deps.database.db;
  const visitor = c.var.user;
  if (visitor) {
    const hit = await hitLimit(db, `booking:user:${visitor.id}`, USER_BOOKINGS_PER_HOUR, 60 * 60);
    if (!hit.allowed)
      throw new ApiError(429, 'Too many bookings. Try again later.', undefined, {
        'Retry-After': String(hit.retryAfterSeconds),
      });
  } else {
    await limitRequest(db, ANONYMOUS_BOOKING_LIMIT, {
      address: c.var.clientIp,
      email: normaliseEmail(input.email),
    });
  }
  const { page, hostName } = await publishedPage(db, c.req.param('slug'));
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
