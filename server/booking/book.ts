// Booking a slot. The whole check-and-write is one transaction that starts by locking the
// host's page row, so two visitors asking for the same (or an overlapping) time are served one
// after the other: the second sees the first's booking and gets a 409. The partial unique index
// on (host, start) of confirmed bookings backs this at the database level. Inside the same
// transaction the meeting goes into the host's calendar (and a signed-in visitor's) and into
// their Clipdeck mailboxes; a signed-out visitor is mailed after the commit, with the cancel
// link, which is shown once in the answer too and stored only as its SHA-256. That mail carries
// only what `forOutsideAddress` lets through (server/booking/notify.ts).
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';

import { writeCalendar } from '../calendar/calendar-writes.ts';
import { addEvent } from '../calendar/events.ts';
import type { AppDeps, AuthUser } from '../context.ts';
import type { bookingInputSchema, BookingLanguage, BookingReceipt } from '../contracts/booking.ts';
import type { Executor } from '../db/client.ts';
import { bookingPages, bookings, users } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, conflict, loggableError, notFound } from '../lib/errors.ts';
import { hostBusy } from './busy.ts';
import {
  bookingMail,
  deliverToMailbox,
  forOutsideAddress,
  outgoing,
  type BookingMailFacts,
} from './notify.ts';
import type { PageRow } from './pages.ts';
import { busyWindow, isClear, isSlotStart } from './slots.ts';

type BookingInputParsed = ReturnType<typeof bookingInputSchema.parse>;

export const TAKEN_MESSAGE =
  'Sorry, this time was just booked by someone else. Please pick another time.';

export const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

export const baseUrl = (deps: Pick<AppDeps, 'env'>) => deps.env.PUBLIC_URL.replace(/\/+$/, '');
export const cancelUrl = (deps: Pick<AppDeps, 'env'>, code: string) =>
  `${baseUrl(deps)}/book/cancel?code=${code}`;
export const manageUrl = (deps: Pick<AppDeps, 'env'>) => `${baseUrl(deps)}/dashboard/booking`;

/** Puts the meeting in a user's calendar; a full calendar (422) only means no event. */
export async function addToCalendar(
  tx: Executor,
  userId: string,
  event: { title: string; description: string; start: Date; end: Date },
): Promise<string | null> {
  try {
    const added = await writeCalendar(tx, { id: userId }, addEvent, {
      title: event.title.slice(0, 200),
      description: event.description.slice(0, 5000),
      color: 'violet',
      allDay: false,
      start: event.start.toISOString(),
      end: event.end.toISOString(),
    });
    return added.id;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return null;
    throw error;
  }
}

const nameOf = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

export async function bookSlot(
  deps: AppDeps,
  page: PageRow,
  hostName: string,
  input: BookingInputParsed,
  visitor: AuthUser | null,
  now = new Date(),
): Promise<BookingReceipt> {
  const start = new Date(input.start);
  const end = new Date(start.getTime() + page.durationMinutes * 60_000);
  if (visitor?.id === page.userId)
    throw new ApiError(
      422,
      'This is your own booking page: share its link with the people who book you.',
      {
        start: 'You cannot book yourself.',
      },
    );
  if (!isSlotStart(page, start, now))
    throw new ApiError(422, 'This time cannot be booked. Pick one of the free times.', {
      start: 'Not one of the offered times.',
    });
  const language: BookingLanguage = input.language ?? 'en';
  const email = input.email.toLowerCase();
  const code = crypto.randomBytes(24).toString('base64url');
  const db = deps.database.db;

  const booking = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(bookingPages)
      .where(eq(bookingPages.id, page.id))
      .for('update');
    if (!locked?.published) throw notFound('This booking page does not exist or is not published.');
    const window = busyWindow(locked, start, end);
    const busy = await hostBusy(tx, locked.userId, window.from, window.to);
    if (!isClear(start, locked, busy))
      throw conflict(TAKEN_MESSAGE, { start: 'This time is no longer free.' });
    let row: typeof bookings.$inferSelect;
    try {
      [row] = (await tx
        .insert(bookings)
        .values({
          pageId: locked.id,
          hostId: locked.userId,
          start,
          end,
          title: locked.title,
          visitorName: input.name,
          visitorEmail: email,
          visitorUserId: visitor?.id ?? null,
          visitorTimeZone: input.timeZone ?? null,
          visitorLanguage: language,
          note: input.note,
          cancelCodeHash: hashCode(code),
        })
        .returning()) as [typeof bookings.$inferSelect];
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict(TAKEN_MESSAGE, { start: 'This time is no longer free.' });
      throw error;
    }
    const visitorLine = `${input.name} <${email}>`;
    const hostEventId = await addToCalendar(tx, locked.userId, {
      title: `${locked.title} — ${input.name}`,
      description: [visitorLine, input.note].filter(Boolean).join('\n\n'),
      start,
      end,
    });
    const visitorEventId = visitor
      ? await addToCalendar(tx, visitor.id, {
          title: `${locked.title} — ${hostName}`,
          description: `${hostName}\n\n${cancelUrl(deps, code)}`,
          start,
          end,
        })
      : null;
    await tx.update(bookings).set({ hostEventId, visitorEventId }).where(eq(bookings.id, row.id));
    await deliverToMailbox(
      tx,
      locked.userId,
      bookingMail({
        kind: 'booked',
        title: locked.title,
        withName: visitorLine,
        start,
        end,
        timeZone: locked.timeZone,
        language: 'en',
        note: input.note,
        link: { hint: 'manage', url: manageUrl(deps) },
      }),
    );
    if (visitor)
      await deliverToMailbox(
        tx,
        visitor.id,
        bookingMail(visitorMail(deps, row, hostName, code, locked.timeZone)),
      );
    return row;
  });

  if (!visitor)
    await mailOutside(
      deps,
      booking.visitorEmail,
      bookingMail(
        forOutsideAddress(
          visitorMail(deps, booking, hostName, code, page.timeZone),
          await hostVerified(db, page.userId),
        ),
      ),
    );
  return {
    id: booking.id,
    title: booking.title,
    hostName,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    cancelUrl: cancelUrl(deps, code),
    mailedTo: visitor ? 'mailbox' : 'email',
  };
}

function visitorMail(
  deps: AppDeps,
  row: typeof bookings.$inferSelect,
  hostName: string,
  code: string,
  hostZone: string,
): BookingMailFacts {
  return {
    kind: 'booked',
    title: row.title,
    withName: hostName,
    start: row.start,
    end: row.end,
    timeZone: row.visitorTimeZone ?? hostZone,
    language: (row.visitorLanguage ?? 'en') as BookingLanguage,
    note: row.note,
    link: { hint: 'cancel', url: cancelUrl(deps, code) },
  };
}

/** Mails an outside address; the booking stands even if the mailer fails (it is logged). */
export async function mailOutside(deps: AppDeps, to: string, mail: ReturnType<typeof bookingMail>) {
  try {
    await deps.mailer.send(outgoing(to, mail));
  } catch (error) {
    deps.log.error('booking mail not sent', loggableError(error));
  }
}

/** Whether the host's email is verified: only then do their words go to outside addresses. */
export async function hostVerified(db: Executor, userId: string) {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return !!row?.verifiedAt;
}

export async function hostNameOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? nameOf(row) : '';
}
