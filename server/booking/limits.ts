// How often one may book: a signed-in visitor USER_BOOKINGS_PER_HOUR times an hour; a
// signed-out one per client address and per email (auth/request-limits.ts). Past a limit the
// booking is refused with 429 and Retry-After. Counted in the database like every limit.
import { limitRequest, type RequestLimit } from '../auth/request-limits.ts';
import { normaliseEmail } from '../auth/users.ts';
import type { AuthUser } from '../context.ts';
import type { Database } from '../db/client.ts';
import { spendLimit } from '../lib/rate-limit.ts';

export const ANONYMOUS_BOOKING_LIMIT: RequestLimit = {
  call: 'booking',
  windowSeconds: 60 * 60,
  perAddress: 10,
  perEmail: 3,
};
export const USER_BOOKINGS_PER_HOUR = 20;

export async function limitBooking(
  db: Database,
  visitor: AuthUser | null,
  from: { address: string; email: string },
) {
  if (visitor) {
    await spendLimit(
      db,
      `booking:user:${visitor.id}`,
      { perWindow: USER_BOOKINGS_PER_HOUR, windowSeconds: 60 * 60 },
      'Too many bookings. Try again later.',
    );
  } else {
    await limitRequest(db, ANONYMOUS_BOOKING_LIMIT, {
      address: from.address,
      email: normaliseEmail(from.email),
    });
  }
}
