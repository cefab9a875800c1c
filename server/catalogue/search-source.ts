import { sql } from 'drizzle-orm';

import { rankText, snippet } from '../contracts/search.ts';
import { queryRows } from '../db/rows.ts';
import { CANDIDATES, type SearchSource } from '../search/source.ts';
import { textQuery, tsQuery, visibleTo } from './filters.ts';

interface CatalogueRow {
  id: string;
  video_id: string;
  title: string;
  text: string;
  start_seconds: number;
  at: string | Date | null;
}

/** Videos or clips the searcher may see (the catalogue's visibility rule), by full-text search. */
export const catalogueSearchSource = (kind: 'video' | 'clip'): SearchSource => async (db, who, words) => {
  const query = textQuery([words.join(' ')]);
  if (!query) return [];
  const rows = await queryRows<CatalogueRow>(
    db,
    kind === 'video'
      ? sql`select v.id, v.id as video_id, v.title, v.description as text, 0 as start_seconds, v.premiere_date as at
            from catalogue_videos v
            where v.search_vector @@ ${tsQuery(query)} and ${visibleTo({ userId: who.userId }, 'video')}
            order by ts_rank(v.search_vector, ${tsQuery(query)}) desc limit ${CANDIDATES}`
      : sql`select c.id, c.video_id, c.title, c.text, c.start_seconds, c.premiere_date as at
            from catalogue_clips c
            where c.search_vector @@ ${tsQuery(query)} and ${visibleTo({ userId: who.userId }, 'clip')}
            order by ts_rank(c.search_vector, ${tsQuery(query)}) desc limit ${CANDIDATES}`,
  );
  return rows.flatMap((r) => {
    const at = r.at ? new Date(r.at).toISOString() : null;
    // full-text search stems words: a row it found scores at least as a body match
    const score = rankText(words, r.title.toLowerCase(), r.text.toLowerCase(), at) || 1;
    const target =
      kind === 'video'
        ? ({ kind: 'video', videoId: r.id } as const)
        : ({ kind: 'clip', videoId: r.video_id, clipId: r.id, startSeconds: Number(r.start_seconds) } as const);
    return [{ kind, id: r.id, title: r.title, detail: snippet(r.text, words), at, score, target }];
  });
};
