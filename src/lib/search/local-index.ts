// The palette's offline search reads the Dexie mirror: each mirrored feature says how its rows
// read as entries (a `LocalSource` in its `local/palette-source.ts`), src/app/palette lists
// them. Reading a table is the slow part (10,000 mails are tens of megabytes of objects),
// matching is not: each table is read once into a small projection (lower-cased title and body
// text, capped) kept in memory, and dropped when Dexie reports a write to that table
// (`storagemutated`, fired for this tab's writes and other tabs'). A query then matches every
// entry in memory, with no database round trip.
import Dexie, { type ObservabilitySet } from 'dexie';

import { rankText, snippet, type SearchHit } from '../../../server/contracts/search';

/** Text kept per entry for matching and snippets (the start of a long body is what is searched). */
export const BODY_CHARS = 4000;

export interface IndexEntry {
  /** lower-cased text the title rank reads (title, sender…) */
  titleText: string;
  /** the body as shown (capped) */
  body: string;
  bodyText: string;
  at: string | null;
  hit: Omit<SearchHit, 'score' | 'detail' | 'at'> & { detail?: string };
}

export interface LocalSource {
  /** the Dexie table it reads; a write to it drops the projection */
  table: string;
  load: () => Promise<IndexEntry[]>;
  /** one hit per group key (a conversation's best message) */
  groupBy?: (entry: IndexEntry) => string;
}

const cache = new Map<string, Promise<IndexEntry[]>>();
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts: ObservabilitySet) => {
    for (const key of Object.keys(parts)) {
      // keys look like idb://<database>/<table>/<index>
      const table = key.split('/')[3];
      if (table) cache.delete(table);
    }
  });
}

function entriesOf(source: LocalSource): Promise<IndexEntry[]> {
  listen();
  let entries = cache.get(source.table);
  if (!entries) {
    entries = source.load();
    entries.catch(() => cache.delete(source.table));
    cache.set(source.table, entries);
  }
  return entries;
}

/** Reads (or reuses) the projections, so the first query after opening does not pay for it. */
export function warmLocalIndex(sources: LocalSource[]): void {
  for (const source of sources) void entriesOf(source).catch(() => undefined);
}

export function entry(title: string, body: string, at: string | null, hit: IndexEntry['hit'], extraTitle = ''): IndexEntry {
  const capped = body.length > BODY_CHARS ? body.slice(0, BODY_CHARS) : body;
  return { titleText: `${title} ${extraTitle}`.toLowerCase(), body: capped, bodyText: capped.toLowerCase(), at, hit };
}

/** Every source's best `limit` hits for the words, each list best first. Only the kept hits
 *  get a snippet: a common word may match thousands of entries. */
export async function searchLocal(sources: LocalSource[], words: string[], limit: number): Promise<SearchHit[]> {
  const now = Date.now();
  const lists = await Promise.all(
    sources.map(async (source) => {
      const scored: { e: IndexEntry; score: number }[] = [];
      const best = new Map<string, { e: IndexEntry; score: number }>();
      for (const e of await entriesOf(source)) {
        const score = rankText(words, e.titleText, e.bodyText, e.at, now);
        if (!score) continue;
        const group = source.groupBy?.(e);
        if (group === undefined) scored.push({ e, score });
        else if ((best.get(group)?.score ?? 0) < score) best.set(group, { e, score });
      }
      scored.push(...best.values());
      scored.sort((a, b) => b.score - a.score || (b.e.at ?? '').localeCompare(a.e.at ?? ''));
      return scored.slice(0, limit).map(({ e, score }): SearchHit => ({ ...e.hit, detail: e.hit.detail ?? snippet(e.body, words), at: e.at, score }));
    }),
  );
  return lists.flat();
}

/** Plain text of sanitised HTML (tags dropped, the common entities decoded). */
export function htmlText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
