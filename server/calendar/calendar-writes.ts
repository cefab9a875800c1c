// The one way a calendar is changed. Each write is a function of (transaction, user,
// validated input) in events.ts; `writeCalendar` runs one inside the caller's transaction: the
// REST routes' sync mutations, and bookings putting a meeting into (or taking it out of) the
// host's and the visitor's calendars. A rule that must hold after any change of a calendar
// belongs here.
import type { Executor } from '../db/client.ts';
import type { CalendarUser } from './events.ts';

export type CalendarWrite<Input, Answer> = (
  tx: Executor,
  user: CalendarUser,
  input: Input,
) => Promise<Answer>;

export function writeCalendar<Input, Answer>(
  tx: Executor,
  user: CalendarUser,
  write: CalendarWrite<Input, Answer>,
  input: Input,
): Promise<Answer> {
  return write(tx, user, input);
}
