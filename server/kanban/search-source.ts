import { and, desc } from 'drizzle-orm';

import { snippet } from '../contracts/search.ts';
import { kanbanCards } from '../db/schema/index.ts';
import { readableBy } from '../live/access.ts';
import { CANDIDATES, everyWord, found, hit, iso, type SearchSource } from '../search/source.ts';

/** Cards of every board the searcher sees (their own and those shared with them), by name and description. */
export const kanbanSearchSource: SearchSource = async (db, who, words) => {
  const rows = await db
    .select()
    .from(kanbanCards)
    .where(and(readableBy('board', kanbanCards.boardId, { id: who.userId }), everyWord(words, [kanbanCards.name, kanbanCards.description])))
    .orderBy(desc(kanbanCards.updatedAt))
    .limit(CANDIDATES);
  return found(
    rows.map((r) =>
      hit(words, r.name, r.description, iso(r.updatedAt), {
        kind: 'card',
        id: r.id,
        detail: snippet(r.description, words),
        target: { kind: 'card', cardId: r.id },
      }),
    ),
  );
};
