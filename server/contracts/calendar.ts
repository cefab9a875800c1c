// Calendar payloads shared by the server routes and the client's event form and sync queue.
// Times are ISO 8601 strings with an offset; an all-day event runs from local midnight of its
// first day to local midnight after its last (FullCalendar's exclusive end).
import { z } from 'zod';

export const EVENT_COLORS = ['blue', 'green', 'red', 'orange', 'violet', 'teal', 'gray'] as const;
export type EventColor = (typeof EVENT_COLORS)[number];

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
  description: z.string().max(5000, 'Description is too long.'),
  color: z.enum(EVENT_COLORS, { error: 'Unknown colour.' }),
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

export const newEventSchema = eventFieldsSchema
  .extend({ id: z.uuid('The id must be a UUID.').optional() })
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
});

export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  color: EventColor;
  allDay: boolean;
  start: string;
  end: string;
  updatedAt: string;
}
