import { and, desc } from 'drizzle-orm';

import { snippet } from '../contracts/search.ts';
import { calendarEvents } from '../db/schema/index.ts';
import { readableBy } from '../live/access.ts';
import { CANDIDATES, everyWord, found, hit, iso, type SearchSource } from '../search/source.ts';

/** Events of every calendar the searcher sees (their own and those shared with them), by title and description. */
export const calendarSearchSource: SearchSource = async (db, who, words) => {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(readableBy('calendar', calendarEvents.calendarId, { id: who.userId }), everyWord(words, [calendarEvents.title, calendarEvents.description])))
    .orderBy(desc(calendarEvents.start))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.title, r.description, iso(r.start), {
        kind: 'event',
        id: r.id,
        detail: r.description ? snippet(r.description, words) : '',
        target: { kind: 'event', eventId: r.id, start: r.start.toISOString() },
      }),
    ),
  );
};
