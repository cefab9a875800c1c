// Calendar payloads shared by the server routes and the client's event form and sync queue.
// Times are ISO 8601 strings with an offset; an all-day event runs from local midnight of its
// first day to local midnight after its last (FullCalendar's exclusive end).
//
// Sizes are bounded so one account cannot fill the database: a title is 200 characters, a
// description 5,000, and a user has at most MAX_EVENTS_PER_USER events (422 naming `calendar`
// past that: about 14 events a day for ten years, more than a real calendar holds).
import { z } from 'zod';

export const MAX_EVENTS_PER_USER = 50_000;

/** The named palette the app offers; clients of this API family may also send `#RGB`/`#RRGGBB`. */
export const EVENT_COLORS = ['blue', 'green', 'red', 'orange', 'violet', 'teal', 'gray'] as const;
export type NamedEventColor = (typeof EVENT_COLORS)[number];
export type HexColor = `#${string}`;
export type EventColor = NamedEventColor | HexColor;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const isHexColor = (value: string): value is HexColor => HEX_COLOR.test(value);

/** `#abc` → `#AABBCC`, `#00a76f` → `#00A76F`: one spelling per colour. */
export function normaliseHexColor(value: HexColor): HexColor {
  const digits = value.slice(1).toUpperCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

const colorRule = z.union(
  [
    z.enum(EVENT_COLORS),
    z
      .string()
      .regex(HEX_COLOR)
      .transform((value) => normaliseHexColor(value as HexColor)),
  ],
  { error: `Unknown colour: use ${EVENT_COLORS.join(', ')} or #RRGGBB.` },
);

const isoTime = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time.' });

// The rules of each field, without defaults: zod 4 applies a default even to a key that
// `.partial()` made optional, so an update built on the defaulted schema would reset every
// field it did not send. Defaults belong to creation only.
const eventFieldRules = {
  title: z
    .string({ error: 'Title is required.' })
    .trim()
    .min(1, 'Title is required.')
    .max(200, 'Title is too long (200 characters at most).'),
  description: z.string().max(5000, 'Description is too long (5,000 characters at most).'),
  color: colorRule,
  allDay: z.boolean({ error: 'allDay must be true or false.' }),
  start: isoTime,
  end: isoTime,
};

export const eventFieldsSchema = z.object({
  ...eventFieldRules,
  description: eventFieldRules.description.default(''),
  color: eventFieldRules.color.default('blue'),
  allDay: eventFieldRules.allDay.default(false),
});

const endNotBeforeStart = (v: { start?: string; end?: string }) =>
  !v.start || !v.end || Date.parse(v.end) >= Date.parse(v.start);
const END_BEFORE_START = { path: ['end'], message: 'The end must not be before the start.' };

/** `calendarId`: which calendar (one shared with the user as editor); their own when absent. */
export const newEventSchema = eventFieldsSchema
  .extend({
    id: z.uuid('The id must be a UUID.').optional(),
    calendarId: z.uuid('The calendarId must be a UUID.').optional(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type NewEventInput = z.input<typeof newEventSchema>;

/** An update sends only the fields that changed. */
export const updateEventSchema = z.object({
  eventId: z.uuid('The eventId must be a UUID.'),
  event: z.object(eventFieldRules).partial().refine(endNotBeforeStart, END_BEFORE_START),
});
export type UpdateEventInput = z.input<typeof updateEventSchema>;

export const deleteEventSchema = z.object({ eventId: z.uuid('The eventId must be a UUID.') });

export const eventRangeSchema = z.object({
  start: isoTime.optional(),
  end: isoTime.optional(),
  /** a calendar shared with the user; their own when absent */
  calendarId: z.uuid('The calendarId must be a UUID.').optional(),
});

export interface CalendarEvent {
  id: string;
  // always answered by the server; optional so an event made locally is still a CalendarEvent
  calendarId?: string;
  /** the calendar cursor of the event's last change */
  rev?: number;
  title: string;
  description: string;
  color: EventColor;
  allDay: boolean;
  start: string;
  end: string;
  updatedAt: string;
}
