import { and, desc, eq } from 'drizzle-orm';

import { snippet } from '../contracts/search.ts';
import { calendarEvents } from '../db/schema/index.ts';
import { CANDIDATES, everyWord, found, hit, iso, type SearchSource } from '../search/source.ts';

/** The searcher's calendar events, by title and description. */
export const calendarSearchSource: SearchSource = async (db, who, words) => {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, who.userId), everyWord(words, [calendarEvents.title, calendarEvents.description])))
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
