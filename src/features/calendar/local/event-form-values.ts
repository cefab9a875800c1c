// The event form's values and their mapping to the API's fields. The form shows local dates
// and times as the browser's native pickers want them ("2026-05-04T09:30", "2026-05-04");
// an all-day event's end is shown inclusive (its last day) and stored exclusive (midnight
// after it), as FullCalendar and the server contract expect.
import {
  EVENT_COLORS,
  isHexColor,
  newEventSchema,
  type EventColor,
} from '../../../../server/contracts/calendar';
import type { EventFields } from './event-store';

export interface EventFormValues {
  title: string;
  description: string;
  color: EventColor;
  allDay: boolean;
  /** "YYYY-MM-DD" when allDay, else "YYYY-MM-DDTHH:mm" (local time) */
  start: string;
  end: string;
}

export type EventFormField = keyof EventFormValues;
/** Translation keys (under calendar.form.errors) per field. */
export type EventFormErrors = Partial<Record<EventFormField, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

export function toDateValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function toDateTimeValue(date: Date): string {
  return `${toDateValue(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Local time from a picker value; null when it is not a complete date. */
export function parseLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  return Number.isNaN(date.getTime()) || date.getDate() !== Number(d) ? null : date;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** Values for a range the user selected on the calendar (end exclusive, as FullCalendar gives it). */
export function valuesFromRange(start: Date, end: Date, allDay: boolean): EventFormValues {
  return {
    title: '',
    description: '',
    color: 'blue',
    allDay,
    start: allDay ? toDateValue(start) : toDateTimeValue(start),
    end: allDay ? toDateValue(addDays(end, -1)) : toDateTimeValue(end),
  };
}

export function valuesFromEvent(event: EventFields): EventFormValues {
  return {
    ...valuesFromRange(new Date(event.start), new Date(event.end), event.allDay),
    title: event.title,
    description: event.description,
    color:
      (EVENT_COLORS as readonly string[]).includes(event.color) || isHexColor(event.color)
        ? event.color
        : 'blue',
  };
}

/** A new event starting at the next full hour, one hour long. */
export function defaultValues(now = new Date()): EventFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return valuesFromRange(start, new Date(start.getTime() + 3_600_000), false);
}

/** Switching all-day keeps the days and picks sensible times. */
export function withAllDay(values: EventFormValues, allDay: boolean): EventFormValues {
  if (values.allDay === allDay) return values;
  if (allDay)
    return { ...values, allDay, start: values.start.slice(0, 10), end: values.end.slice(0, 10) };
  return {
    ...values,
    allDay,
    start: values.start ? `${values.start}T09:00` : '',
    end: values.end ? `${values.end}T10:00` : '',
  };
}

function errorKey(field: EventFormField, values: EventFormValues): string {
  if (field === 'title') return values.title.trim() ? 'titleTooLong' : 'titleRequired';
  if (field === 'description') return 'descriptionTooLong';
  if (field === 'end') return 'endBeforeStart';
  if (field === 'color') return 'color';
  return 'date';
}

/** Validates with the server's own schema; the fields or the error keys per field. */
export function validateEventForm(
  values: EventFormValues,
): { ok: true; fields: EventFields } | { ok: false; errors: EventFormErrors } {
  const errors: EventFormErrors = {};
  const start = parseLocal(values.start);
  const endDay = parseLocal(values.end);
  if (!start) errors.start = 'date';
  if (!endDay) errors.end = 'date';
  const end = endDay && values.allDay ? addDays(endDay, 1) : endDay;
  const candidate = {
    title: values.title,
    description: values.description,
    color: values.color,
    allDay: values.allDay,
    start: start?.toISOString() ?? '',
    end: end?.toISOString() ?? '',
  };
  const parsed = newEventSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as EventFormField | undefined;
      if (field && !errors[field]) errors[field] = errorKey(field, values);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const { id: _id, ...fields } = parsed.data;
  return { ok: true, fields };
}
