// Cancelling a booking: by its host (signed in) or by the visitor with the cancel link. In one
// transaction the booking becomes `cancelled` (which frees its (host, start) pair and the time
// for new bookings), the meeting leaves both calendars, and the Clipdeck users on either side
// get a mail in their mailbox; a signed-out visitor is mailed after the commit. A link works
// once: a cancelled booking answers 410, and a meeting that has already begun cannot be
// cancelled (409).
import { and, eq } from 'drizzle-orm';

import { writeCalendar } from '../calendar/calendar-writes.ts';
import { deleteEvent } from '../calendar/events.ts';
import type { AppDeps } from '../context.ts';
import type { Booking, BookingLanguage, CancelView } from '../contracts/booking.ts';
import type { Executor } from '../db/client.ts';
import { bookingPages, bookings } from '../db/schema/index.ts';
import { ApiError, conflict, notFound } from '../lib/errors.ts';
import { hashCode, hostNameOf, hostVerified, mailOutside, manageUrl } from './book.ts';
import {
  bookingMail,
  deliverToMailbox,
  forOutsideAddress,
  type BookingMailFacts,
} from './notify.ts';

type BookingRow = typeof bookings.$inferSelect;

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    status: row.status,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    visitorIsUser: row.visitorUserId !== null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy ?? null,
  };
}

const NO_LINK = 'This cancel link is not valid. Use the link from your confirmation mail.';

/** What a cancel link shows (404 for an unknown code). */
export async function viewByCode(db: Executor, code: string): Promise<CancelView> {
  const [row] = await db
    .select({ booking: bookings, slug: bookingPages.slug })
    .from(bookings)
    .innerJoin(bookingPages, eq(bookingPages.id, bookings.pageId))
    .where(eq(bookings.cancelCodeHash, hashCode(code)));
  if (!row) throw notFound(NO_LINK);
  return {
    title: row.booking.title,
    hostName: await hostNameOf(db, row.booking.hostId),
    start: row.booking.start.toISOString(),
    end: row.booking.end.toISOString(),
    status: row.booking.status,
    slug: row.slug,
  };
}

export type CancelTarget =
  { by: 'host'; hostId: string; bookingId: string } | { by: 'visitor'; code: string };

export async function cancelBooking(
  deps: AppDeps,
  target: CancelTarget,
  now = new Date(),
): Promise<Booking> {
  const db = deps.database.db;
  const where =
    target.by === 'host'
      ? and(eq(bookings.id, target.bookingId), eq(bookings.hostId, target.hostId))
      : eq(bookings.cancelCodeHash, hashCode(target.code));
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(where).for('update');
    if (!row) throw notFound(target.by === 'host' ? 'No such booking.' : NO_LINK);
    if (row.status === 'cancelled') throw new ApiError(410, 'This booking was already cancelled.');
    if (row.start <= now)
      throw conflict('This meeting has already begun and can no longer be cancelled.');
    const [updated] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledBy: target.by,
        hostEventId: null,
        visitorEventId: null,
      })
      .where(eq(bookings.id, row.id))
      .returning();
    if (row.hostEventId)
      await writeCalendar(tx, { id: row.hostId }, deleteEvent, { eventId: row.hostEventId });
    if (row.visitorEventId && row.visitorUserId)
      await writeCalendar(tx, { id: row.visitorUserId }, deleteEvent, {
        eventId: row.visitorEventId,
      });
    const hostName = await hostNameOf(tx, row.hostId);
    const [page] = await tx
      .select({ timeZone: bookingPages.timeZone })
      .from(bookingPages)
      .where(eq(bookingPages.id, row.pageId));
    const hostZone = page?.timeZone ?? 'UTC';
    await deliverToMailbox(
      tx,
      row.hostId,
      bookingMail({
        kind: 'cancelled',
        title: row.title,
        withName: `${row.visitorName} <${row.visitorEmail}>`,
        start: row.start,
        end: row.end,
        timeZone: hostZone,
        language: 'en',
        link: { hint: 'manage', url: manageUrl(deps) },
      }),
    );
    // the visitor's mail carries no link: their side has nothing left to do
    const visitorNote: BookingMailFacts = {
      kind: 'cancelled',
      title: row.title,
      withName: hostName,
      start: row.start,
      end: row.end,
      timeZone: row.visitorTimeZone ?? hostZone,
      language: (row.visitorLanguage ?? 'en') as BookingLanguage,
    };
    if (row.visitorUserId) {
      await deliverToMailbox(tx, row.visitorUserId, bookingMail(visitorNote));
      return { row: updated!, outside: null };
    }
    const outside = bookingMail(forOutsideAddress(visitorNote, await hostVerified(tx, row.hostId)));
    return { row: updated!, outside };
  });
  if (cancelled.outside) await mailOutside(deps, cancelled.row.visitorEmail, cancelled.outside);
  return toBooking(cancelled.row);
}
