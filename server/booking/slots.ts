// Free slots of a booking page, as a pure function of its rules, the time range asked for, the
// current time and what the host is busy with. Availability is written in the host's zone, so
// each host-local day is turned into instants with that zone's rules of that day (a slot on
// the day clocks change is where the zone's clock says it is). Guarantees:
// - a slot starts every `durationMinutes` from the start of an availability range and ends
//   inside it;
// - it starts no sooner than `minNoticeMinutes` from now and no later than `horizonDays` ahead;
// - it keeps `bufferMinutes` clear of every busy interval (bookings and the host's timed
//   calendar events) on both sides;
// - the result is sorted and has no duplicates (a repeated hour when clocks go back).
import { Temporal } from 'temporal-polyfill';

import { minutesOf, type AvailabilityRange } from '../contracts/booking.ts';

export interface SlotRules {
  durationMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
  minNoticeMinutes: number;
  timeZone: string;
  availability: readonly AvailabilityRange[];
}

export interface Busy {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The slot starts the rules allow in [from, to), before anything the host is busy with. */
export function candidateSlots(rules: SlotRules, from: Date, to: Date, now: Date): Date[] {
  const earliest = Math.max(from.getTime(), now.getTime() + rules.minNoticeMinutes * MINUTE);
  const latest = Math.min(to.getTime(), now.getTime() + rules.horizonDays * DAY);
  if (earliest >= latest) return [];
  const zone = rules.timeZone;
  const dayOf = (ms: number) =>
    Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate();
  const last = dayOf(latest).add({ days: 1 });
  const starts = new Set<number>();
  for (
    let day = dayOf(earliest).subtract({ days: 1 });
    Temporal.PlainDate.compare(day, last) <= 0;
    day = day.add({ days: 1 })
  ) {
    const weekday = day.dayOfWeek % 7;
    for (const range of rules.availability) {
      if (range.day !== weekday) continue;
      const end = minutesOf(range.end);
      for (
        let m = minutesOf(range.start);
        m + rules.durationMinutes <= end;
        m += rules.durationMinutes
      ) {
        const local = day.toPlainDateTime({ hour: 0, minute: 0 }).add({ minutes: m });
        const ms = local.toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
        if (ms >= earliest && ms < latest) starts.add(ms);
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/** Whether a slot starting at `start` keeps the buffer clear of `busy`. */
export function isClear(
  start: Date,
  rules: Pick<SlotRules, 'durationMinutes' | 'bufferMinutes'>,
  busy: readonly Busy[],
) {
  const s = start.getTime();
  const e = s + rules.durationMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  return busy.every((b) => !(s < b.end.getTime() + buffer && b.start.getTime() - buffer < e));
}

export function freeSlots(
  rules: SlotRules,
  from: Date,
  to: Date,
  now: Date,
  busy: readonly Busy[],
): Date[] {
  return candidateSlots(rules, from, to, now).filter((start) => isClear(start, rules, busy));
}

/** Whether `start` is one of the rules' slot starts (ignoring what the host is busy with). */
export function isSlotStart(rules: SlotRules, start: Date, now: Date): boolean {
  const found = candidateSlots(rules, start, new Date(start.getTime() + 1), now);
  return found.length === 1 && found[0]!.getTime() === start.getTime();
}

/** The widest busy window a slot in [from, to) could collide with. */
export function busyWindow(
  rules: Pick<SlotRules, 'durationMinutes' | 'bufferMinutes'>,
  from: Date,
  to: Date,
) {
  const pad = (rules.durationMinutes + rules.bufferMinutes) * MINUTE;
  return { from: new Date(from.getTime() - pad), to: new Date(to.getTime() + pad) };
}
