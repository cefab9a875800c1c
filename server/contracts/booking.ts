// Booking pages and bookings, shared by the server routes and the pages' forms (one zod schema
// per input). A host's weekly availability is a list of ranges `{ day, start, end }` in the
// host's own IANA time zone (`day` 0 = Sunday … 6 = Saturday, times "HH:MM", end after start,
// "24:00" allowed as an end); free slots travel as UTC ISO instants and each page shows them in
// its viewer's zone. Slots start every `durationMinutes` from the start of each range.
import { z } from 'zod';

import { INVALID_EMAIL, isValidEmail } from './email.ts';
import { LANGUAGES, type Language } from './languages.ts';

/** A visitor's booking mails come in any of the app's languages. */
export const BOOKING_LANGUAGES = LANGUAGES;
export type BookingLanguage = Language;

/** The product's own demo page (/demo), seeded for the demo admin. */
export const DEMO_BOOKING_SLUG = 'clipdeck-demo';
/** Slugs no user may take: route words, and the demo's own for anyone but an admin. */
export const RESERVED_SLUGS = ['cancel', 'new', 'edit', 'demo'] as const;

export const DURATION_MIN = 5;
export const DURATION_MAX = 480;
export const BUFFER_MAX = 240;
export const HORIZON_MAX_DAYS = 365;
export const NOTICE_MAX_MINUTES = 30 * 24 * 60;
export const RANGES_PER_DAY_MAX = 8;
/** The longest span one slots request may cover. */
export const SLOT_RANGE_MAX_DAYS = 62;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string({ error: 'Time zone is required.' })
  .refine(isTimeZone, 'Unknown time zone: use an IANA name such as Europe/London.');

export const availabilityRangeSchema = z
  .object({
    day: z
      .number({ error: 'day must be 0 (Sunday) to 6 (Saturday).' })
      .int('day must be 0 (Sunday) to 6 (Saturday).')
      .min(0, 'day must be 0 (Sunday) to 6 (Saturday).')
      .max(6, 'day must be 0 (Sunday) to 6 (Saturday).'),
    start: z.string().regex(TIME, 'Use a time as HH:MM.'),
    end: z.string().regex(TIME, 'Use a time as HH:MM.'),
  })
  .refine((r) => minutesOf(r.end) > minutesOf(r.start), {
    path: ['end'],
    message: 'The end must be after the start.',
  });
export type AvailabilityRange = z.infer<typeof availabilityRangeSchema>;

/** Ranges that overlap on the same day, by index (for the editor and the server alike). */
export function overlappingRanges(ranges: readonly AvailabilityRange[]): number[] {
  const bad = new Set<number>();
  ranges.forEach((a, i) =>
    ranges.forEach((b, j) => {
      if (
        i < j &&
        a.day === b.day &&
        minutesOf(a.start) < minutesOf(b.end) &&
        minutesOf(b.start) < minutesOf(a.end)
      ) {
        bad.add(i);
        bad.add(j);
      }
    }),
  );
  return [...bad].sort((x, y) => x - y);
}

const minutes = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number of minutes.` })
    .int(`${label} must be whole minutes.`)
    .min(min, `${label} must be at least ${min} minutes.`)
    .max(max, `${label} must be at most ${max} minutes.`);

export const SLUG_RULE = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;

/** PUT /api/booking/page: the signed-in user's one booking page. */
export const bookingPageInputSchema = z
  .object({
    title: z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(120, 'Title is too long (120 characters at most).'),
    slug: z
      .string({ error: 'Link is required.' })
      .trim()
      .toLowerCase()
      .regex(
        SLUG_RULE,
        'Use 3 to 60 letters, digits or dashes, not starting or ending with a dash.',
      ),
    description: z
      .string()
      .trim()
      .max(1000, 'Description is too long (1,000 characters at most).')
      .default(''),
    durationMinutes: minutes('Duration', DURATION_MIN, DURATION_MAX),
    bufferMinutes: minutes('Buffer', 0, BUFFER_MAX),
    horizonDays: z
      .number({ error: 'Booking window must be a number of days.' })
      .int('Booking window must be whole days.')
      .min(1, 'Booking window must be at least 1 day.')
      .max(HORIZON_MAX_DAYS, `Booking window must be at most ${HORIZON_MAX_DAYS} days.`),
    minNoticeMinutes: minutes('Minimum notice', 0, NOTICE_MAX_MINUTES),
    timeZone,
    availability: z
      .array(availabilityRangeSchema, { error: 'availability must be a list of ranges.' })
      .max(7 * RANGES_PER_DAY_MAX, 'Too many availability ranges.'),
    published: z.boolean({ error: 'published must be true or false.' }),
  })
  .superRefine((page, ctx) => {
    for (const i of overlappingRanges(page.availability))
      ctx.addIssue({
        code: 'custom',
        path: ['availability', i],
        message: 'Ranges of the same day must not overlap.',
      });
    if (page.published && page.availability.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['availability'],
        message: 'Add at least one available time before publishing.',
      });
  });
export type BookingPageInput = z.input<typeof bookingPageInputSchema>;

const isoTime = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' });

/** GET /api/booking/pages/:slug/slots?from&to (UTC instants; at most SLOT_RANGE_MAX_DAYS). */
export const slotRangeSchema = z
  .object({ from: isoTime, to: isoTime })
  .refine((r) => Date.parse(r.to) > Date.parse(r.from), {
    path: ['to'],
    message: 'to must be after from.',
  })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= SLOT_RANGE_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: `Ask for at most ${SLOT_RANGE_MAX_DAYS} days at once.`,
  });

/** POST /api/booking/pages/:slug/bookings */
export const bookingInputSchema = z.object({
  start: isoTime,
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(120, 'Name is too long (120 characters at most).'),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email is too long.')
    .refine(isValidEmail, INVALID_EMAIL),
  note: z.string().trim().max(1000, 'Note is too long (1,000 characters at most).').default(''),
  /** the visitor's zone, for the times in their mail */
  timeZone: timeZone.optional(),
  language: z.enum(BOOKING_LANGUAGES).optional(),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const cancelCodeSchema = z.object({
  code: z
    .string({ error: 'The cancel code is required.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This cancel link is not valid.'),
});

/** The booking in /api/booking/bookings/:id/cancel. */
export const bookingIdParam = z.object({ id: z.uuid('The booking id must be a UUID.') });
/** The page of the host's booking list. */
export const bookingPageNumber = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more.').max(10_000).default(1),
});

export const BOOKING_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type BookingTab = (typeof BOOKING_TABS)[number];
export const bookingListSchema = z.object({
  tab: z
    .enum(BOOKING_TABS, { error: `tab must be one of ${BOOKING_TABS.join(', ')}.` })
    .default('upcoming'),
});
export const bookingStatsSchema = z.object({
  group: z.enum(['week', 'month'], { error: 'group must be week or month.' }).default('week'),
});

export interface BookingPage {
  id: string;
  title: string;
  slug: string;
  description: string;
  durationMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
  minNoticeMinutes: number;
  timeZone: string;
  availability: AvailabilityRange[];
  published: boolean;
  updatedAt: string;
}

/** What a visitor sees of a page. */
export interface PublicBookingPage {
  title: string;
  slug: string;
  description: string;
  durationMinutes: number;
  timeZone: string;
  horizonDays: number;
  minNoticeMinutes: number;
  host: { name: string };
}

export interface SlotList {
  slots: string[];
  durationMinutes: number;
}

export type BookingStatus = 'confirmed' | 'cancelled';

export interface Booking {
  id: string;
  start: string;
  end: string;
  status: BookingStatus;
  visitorName: string;
  visitorEmail: string;
  /** the visitor was signed in to Clipdeck */
  visitorIsUser: boolean;
  note: string;
  createdAt: string;
  cancelledAt: string | null;
  cancelledBy: 'host' | 'visitor' | null;
}

/** What the visitor gets back (once: the cancel link is not stored in the clear). */
export interface BookingReceipt {
  id: string;
  title: string;
  hostName: string;
  start: string;
  end: string;
  cancelUrl: string;
  /** where the confirmation went */
  mailedTo: 'mailbox' | 'email';
}

/** What a cancel link shows. */
export interface CancelView {
  title: string;
  hostName: string;
  start: string;
  end: string;
  status: BookingStatus;
  slug: string;
}

export interface BookingStats {
  totals: { booked: number; cancelled: number; upcoming: number; past: number };
  group: 'week' | 'month';
  /** per week (Monday, YYYY-MM-DD) or month (YYYY-MM), oldest first, by the booking's start */
  series: { period: string; booked: number; cancelled: number }[];
}
