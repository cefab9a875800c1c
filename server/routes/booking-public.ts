// /api/booking, the visitor's side (public): a published page, its free slots, booking one
// (signed in or out, within server/booking/limits.ts) and the cancel link.
import { Hono } from 'hono';

import { optionalUser } from '../auth/middleware.ts';
import { bookSlot } from '../booking/book.ts';
import { openSlots } from '../booking/busy.ts';
import { cancelBooking, viewByCode } from '../booking/cancel.ts';
import { limitBooking } from '../booking/limits.ts';
import { publishedPage, toPublicPage } from '../booking/pages.ts';
import type { AppEnv } from '../context.ts';
import { bookingInputSchema, cancelCodeSchema, slotRangeSchema } from '../contracts/booking.ts';
import { routeGroup } from '../openapi/route.ts';

export const bookingPublicRoutes = new Hono<AppEnv>();

const visitor = routeGroup({ tag: 'Booking', access: 'public' });
const booker = routeGroup({ tag: 'Booking', access: 'optional' });

bookingPublicRoutes.get('/pages/:slug', visitor('A published booking page.'), async (c) => {
  const { page, hostName } = await publishedPage(c.var.deps.database.db, c.req.param('slug'));
  return c.json({ page: toPublicPage(page, hostName) });
});

bookingPublicRoutes.get(
  '/pages/:slug/slots',
  visitor("A booking page's free slots.", { query: slotRangeSchema }),
  async (c) => {
    const range = c.req.valid('query');
    const db = c.var.deps.database.db;
    const { page } = await publishedPage(db, c.req.param('slug'));
    const slots = await openSlots(db, page, new Date(range.from), new Date(range.to));
    c.header('Cache-Control', 'no-store');
    return c.json(slots);
  },
);

bookingPublicRoutes.post(
  '/pages/:slug/bookings',
  optionalUser,
  booker('Book a slot.', { body: bookingInputSchema, status: 201 }),
  async (c) => {
    const { deps } = c.var;
    const input = c.req.valid('json');
    const visitor = c.var.user;
    await limitBooking(deps.database.db, visitor, { address: c.var.clientIp, email: input.email });
    const { page, hostName } = await publishedPage(deps.database.db, c.req.param('slug'));
    const receipt = await bookSlot(deps, page, hostName, input, visitor);
    return c.json({ booking: receipt }, 201);
  },
);

bookingPublicRoutes.get(
  '/cancel',
  visitor('The booking a cancel code belongs to.', { query: cancelCodeSchema }),
  async (c) => {
    const { code } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json({ booking: await viewByCode(c.var.deps.database.db, code) });
  },
);

bookingPublicRoutes.post(
  '/cancel',
  visitor('Cancel my booking with its code.', { body: cancelCodeSchema }),
  async (c) => {
    const { code } = c.req.valid('json');
    const booking = await cancelBooking(c.var.deps, { by: 'visitor', code });
    return c.json({ booking: { status: booking.status, start: booking.start, end: booking.end } });
  },
);
