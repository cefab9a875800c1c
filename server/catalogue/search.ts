// Video and clip search. Three ways to order a result, chosen from the input:
// - a column sort (`sortBy`: premiereDate | virality | newest, newest first, unknown dates
//   last), paged by keyset so the pages never overlap or skip;
// - keyword relevance (text given, `sortBy` relevance or none): PostgreSQL full text, title (A)
//   over text (B);
// - semantic (`embeddingSearch` with text): nearest vectors, fused with the keyword ranking by
//   reciprocal rank fusion (RRF, k = 60) when both have something to say. While the index is
//   being built the vectors are those of the texts indexed so far (semantic.ts). A column sort
//   re-orders the fused candidates; relevance keeps the fused order.
// Relevance without search text has nothing to rank by: the listing's own order applies
// (`fallbackSort`: newest, premiere date on a channel page).
// Filters, scope and access apply to every mode; `page` turns into an offset for numbered pages.
import { TRPCError } from '@trpc/server';
import { sql, type SQL } from 'drizzle-orm';

import type { AppDeps } from '../context.ts';
import {
  DEFAULT_LIMIT,
  type ClipListItem,
  type SearchQuery,
  type ColumnSort,
  type SearchResult,
  type VideoListItem,
} from '../contracts/catalogue.ts';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { decodeCursor, encodeCursor, type KeyType } from './cursor.ts';
import {
  filterConditions,
  fromClause,
  premiereColumn,
  textQuery,
  tsQuery,
  whereClause,
  type Kind,
  type ListingScope,
  type Viewer,
} from './filters.ts';
import { loadClips, loadVideos } from './hydrate.ts';
import { semanticAvailability, semanticRanking } from './semantic.ts';

/** How many rows each ranking contributes to a semantic or hybrid answer. */
export const CANDIDATES = 300;
const RRF_K = 60;

function sortKey(kind: Kind, sortBy: ColumnSort): { expr: SQL; type: KeyType } {
  const row = kind === 'clip' ? sql`c` : sql`v`;
  switch (sortBy) {
    case 'premiereDate':
      return { expr: sql`coalesce(${premiereColumn(kind)}, '0001-01-01'::date)`, type: 'date' };
    case 'virality':
      return { expr: sql`${row}.virality`, type: 'real' };
    case 'newest':
      return { expr: sql`${row}.created_at`, type: 'timestamptz' };
  }
}

interface Ranked {
  ids: string[];
  total: number;
  nextCursor: string | null;
}

function offsetOf(input: SearchQuery, limit: number): number {
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, 'offset');
    return cursor.mode === 'offset' ? cursor.offset : 0;
  }
  return input.page ? (input.page - 1) * limit : 0;
}

async function countRows(db: Executor, kind: Kind, conditions: SQL[]): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${fromClause(kind)} ${whereClause(conditions)}`,
  );
  return Number(row?.n ?? 0);
}

async function sortedPage(
  db: Executor,
  kind: Kind,
  conditions: SQL[],
  sortBy: ColumnSort,
  input: SearchQuery,
  limit: number,
): Promise<Ranked> {
  const id = kind === 'clip' ? sql`c.id` : sql`v.id`;
  const { expr, type } = sortKey(kind, sortBy);
  const where = [...conditions];
  let offset = 0;
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, 'keyset', type);
    if (cursor.mode === 'keyset') {
      where.push(
        sql`(${expr}, ${id}) < (cast(${cursor.key} as ${sql.raw(type)}), ${cursor.id}::uuid)`,
      );
    }
  } else if (input.page) {
    offset = (input.page - 1) * limit;
  }
  const [rows, total] = await Promise.all([
    queryRows<{ id: string; sort_key: string }>(
      db,
      sql`select ${id} as id, (${expr})::text as sort_key from ${fromClause(kind)}
        ${whereClause(where)} order by ${expr} desc, ${id} desc limit ${limit + 1} offset ${offset}`,
    ),
    countRows(db, kind, conditions),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    ids: page.map((r) => r.id),
    total,
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ mode: 'keyset', key: last.sort_key, id: last.id })
        : null,
  };
}

async function keywordRanking(
  db: Executor,
  kind: Kind,
  conditions: SQL[],
  text: string,
  limit: number,
  offset: number,
): Promise<string[]> {
  const row = kind === 'clip' ? sql`c` : sql`v`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select ${row}.id as id from ${fromClause(kind)} ${whereClause(conditions)}
      order by ts_rank(${row}.search_vector, ${tsQuery(text)}) desc, ${row}.id desc
      limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** Reciprocal rank fusion: each list adds 1 / (k + rank); ties keep the first list's order. */
export function fuseRankings(lists: string[][], k = RRF_K): string[] {
  const score = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, index) => score.set(id, (score.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

function slicePage(ordered: string[], offset: number, limit: number): Ranked {
  const ids = ordered.slice(offset, offset + limit);
  const next = offset + limit;
  return {
    ids,
    total: ordered.length,
    nextCursor: next < ordered.length ? encodeCursor({ mode: 'offset', offset: next }) : null,
  };
}

export type ScopedSearch = SearchQuery & ListingScope;

export interface SearchOptions {
  /** The order when relevance has no search text to rank by. */
  fallbackSort?: ColumnSort;
}

async function search(
  deps: AppDeps,
  kind: Kind,
  input: ScopedSearch,
  viewer: Viewer,
  { fallbackSort = 'newest' }: SearchOptions,
): Promise<{ ranked: Ranked; semantic: boolean; indexing: boolean; coverage?: number }> {
  const db = deps.database.db;
  const limit = input.limit ?? DEFAULT_LIMIT;
  const conditions = filterConditions(kind, input, viewer);
  const text = textQuery(input.textArr);
  const columnSort = input.sortBy === 'relevance' ? undefined : input.sortBy;

  let semantic = false;
  let indexing = false;
  let coverage: number | undefined;
  const queryText = (input.textArr ?? []).join(' ').trim();
  if (input.embeddingSearch) {
    const availability = await semanticAvailability(deps, kind);
    if (availability.error) {
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: availability.error });
    }
    indexing = availability.indexing;
    if (indexing) coverage = availability.coverage;
    semantic = queryText.length > 0 && availability.coverage > 0;
  }

  if (semantic) {
    const offset = offsetOf(input, limit);
    const withoutText = filterConditions(kind, { ...input, textArr: undefined }, viewer);
    const [byMeaning, byWords] = await Promise.all([
      semanticRanking(deps, kind, queryText, withoutText, CANDIDATES),
      text ? keywordRanking(db, kind, conditions, text, CANDIDATES, 0) : Promise.resolve([]),
    ]);
    let ordered = fuseRankings([byMeaning, byWords]);
    if (columnSort && ordered.length) {
      const id = kind === 'clip' ? sql`c.id` : sql`v.id`;
      const { expr } = sortKey(kind, columnSort);
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select ${id} as id from ${fromClause(kind)}
          where ${id} = any(${`{${ordered.join(',')}}`}::uuid[])
          order by ${expr} desc, ${id} desc`,
      );
      ordered = rows.map((r) => r.id);
    }
    return { ranked: slicePage(ordered, offset, limit), semantic, indexing, coverage };
  }

  if (text && !columnSort) {
    const offset = offsetOf(input, limit);
    // One pass: the window count rides along with the ranked page.
    const row = kind === 'clip' ? sql`c` : sql`v`;
    const rows = await queryRows<{ id: string; total: string | number }>(
      db,
      sql`select ${row}.id as id, count(*) over () as total from ${fromClause(kind)}
        ${whereClause(conditions)}
        order by ts_rank(${row}.search_vector, ${tsQuery(text)}) desc, ${row}.id desc
        limit ${limit + 1} offset ${offset}`,
    );
    const ids = rows.map((r) => r.id);
    const total = rows.length ? Number(rows[0]!.total) : await countRows(db, kind, conditions);
    return {
      ranked: {
        ids: ids.slice(0, limit),
        total,
        nextCursor:
          ids.length > limit ? encodeCursor({ mode: 'offset', offset: offset + limit }) : null,
      },
      semantic,
      indexing,
      coverage,
    };
  }

  const ranked = await sortedPage(db, kind, conditions, columnSort ?? fallbackSort, input, limit);
  return { ranked, semantic, indexing, coverage };
}

/** One search: rank the ids, then load the page's items, timing both. */
async function searchAndLoad<T>(
  deps: AppDeps,
  kind: 'video' | 'clip',
  input: ScopedSearch,
  viewer: Viewer,
  options: SearchOptions,
  load: (db: AppDeps['database']['db'], ids: string[], userId: string | null) => Promise<T[]>,
): Promise<SearchResult<T>> {
  const started = performance.now();
  const { ranked, semantic, indexing, coverage } = await search(deps, kind, input, viewer, options);
  const items = await load(deps.database.db, ranked.ids, viewer.userId);
  return {
    items,
    nextCursor: ranked.nextCursor,
    total: ranked.total,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
    search: coverage === undefined ? { semantic, indexing } : { semantic, indexing, coverage },
  };
}

export function searchVideos(
  deps: AppDeps,
  input: ScopedSearch,
  viewer: Viewer,
  options: SearchOptions = {},
): Promise<SearchResult<VideoListItem>> {
  return searchAndLoad(deps, 'video', input, viewer, options, loadVideos);
}

export function searchClips(
  deps: AppDeps,
  input: ScopedSearch,
  viewer: Viewer,
  options: SearchOptions = {},
): Promise<SearchResult<ClipListItem>> {
  return searchAndLoad(deps, 'clip', input, viewer, options, loadClips);
}
