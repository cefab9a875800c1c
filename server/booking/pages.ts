// A user's booking page: read, write (one per user, slug unique across users) and the public
// view of a published page.
import { and, eq } from 'drizzle-orm';

import type { AuthUser } from '../context.ts';
import {
  DEMO_BOOKING_SLUG,
  RESERVED_SLUGS,
  type bookingPageInputSchema,
  type BookingPage,
  type PublicBookingPage,
} from '../contracts/booking.ts';
import type { Executor } from '../db/client.ts';
import { bookingPages, users } from '../db/schema/index.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';

export type PageRow = typeof bookingPages.$inferSelect;
type PageInput = ReturnType<typeof bookingPageInputSchema.parse>;

export function toBookingPage(row: PageRow): BookingPage {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    durationMinutes: row.durationMinutes,
    bufferMinutes: row.bufferMinutes,
    horizonDays: row.horizonDays,
    minNoticeMinutes: row.minNoticeMinutes,
    timeZone: row.timeZone,
    availability: row.availability,
    published: row.published,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function ownPage(db: Executor, userId: string) {
  const [row] = await db.select().from(bookingPages).where(eq(bookingPages.userId, userId));
  return row ?? null;
}

/** Creates or replaces the user's page. 409 naming `slug` when another user has the link. */
export async function savePage(db: Executor, user: AuthUser, input: PageInput): Promise<PageRow> {
  const reserved = (RESERVED_SLUGS as readonly string[]).includes(input.slug);
  if (reserved || (input.slug === DEMO_BOOKING_SLUG && user.role !== 'admin'))
    throw badRequest('This link is reserved. Choose another.', {
      slug: 'This link is reserved. Choose another.',
    });
  const availability = [...input.availability].sort(
    (a, b) => a.day - b.day || a.start.localeCompare(b.start),
  );
  const fields = { ...input, availability, updatedAt: new Date() };
  try {
    const [row] = await db
      .insert(bookingPages)
      .values({ userId: user.id, ...fields })
      .onConflictDoUpdate({ target: bookingPages.userId, set: fields })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('This link is taken. Choose another.', {
        slug: 'This link is taken. Choose another.',
      });
    throw error;
  }
}

/** A published page with its host's name, or 404. */
export async function publishedPage(db: Executor, slug: string) {
  const [row] = await db
    .select({
      page: bookingPages,
      first: users.firstName,
      last: users.lastName,
      status: users.status,
    })
    .from(bookingPages)
    .innerJoin(users, eq(users.id, bookingPages.userId))
    .where(and(eq(bookingPages.slug, slug.toLowerCase()), eq(bookingPages.published, true)));
  if (!row || row.status !== 'active')
    throw notFound('This booking page does not exist or is not published.');
  return { page: row.page, hostName: `${row.first} ${row.last}`.trim() };
}

export function toPublicPage(page: PageRow, hostName: string): PublicBookingPage {
  return {
    title: page.title,
    slug: page.slug,
    description: page.description,
    durationMinutes: page.durationMinutes,
    timeZone: page.timeZone,
    horizonDays: page.horizonDays,
    minNoticeMinutes: page.minNoticeMinutes,
    host: { name: hostName },
  };
}
