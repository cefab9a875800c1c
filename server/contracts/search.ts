// The Ctrl+K palette's search: the query the server accepts, the hits it answers with, and the
// ranking both sides use (the server for its rows, the page for the Dexie mirror offline), so a
// query ranks the same online and offline.
//
// Ranking, highest first: a word found in the title beats one found only in the body; a whole
// word beats a prefix, a prefix beats a match inside a word; newer beats older (a small bonus
// that fades over a year, never enough to lift a body match over a title match).
import { z } from 'zod';

export const SEARCH_KINDS = [
  'mail',
  'message',
  'event',
  'card',
  'video',
  'clip',
  'product',
  'invoice',
  'post',
  'file',
  'user',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Say what to search for.' })
    .trim()
    .min(1, 'Say what to search for.')
    .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters.`)
    .refine((q) => searchWords(q).length > 0, 'Use at least one letter or digit.'),
  limit: z.coerce
    .number({ error: 'limit is a number.' })
    .int('limit is a whole number.')
    .min(1, 'limit is at least 1.')
    .max(SEARCH_LIMIT_MAX, `limit is at most ${SEARCH_LIMIT_MAX}.`)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Where a hit opens: the ids and slugs the page needs to build its link. */
export type SearchTarget =
  | { kind: 'mail'; mailId: string; folder: string }
  | { kind: 'message'; conversationId: string }
  | { kind: 'event'; eventId: string; start: string }
  | { kind: 'card'; cardId: string }
  | { kind: 'video'; videoId: string }
  | { kind: 'clip'; videoId: string; clipId: string; startSeconds: number }
  | { kind: 'product'; slug: string }
  | { kind: 'invoice'; invoiceId: string }
  | { kind: 'post'; slug: string }
  | { kind: 'file'; fileId: string; parentId: string | null; name: string }
  | { kind: 'user'; slug: string };

export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  /** a short line under the title: the sender, the snippet around the match, the date… */
  detail: string;
  /** ISO time the ranking's recency uses */
  at: string | null;
  score: number;
  target: SearchTarget;
}

export interface SearchAnswer {
  hits: SearchHit[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a query or a text, lower-cased (letters and digits only). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** How one query word meets a text: 3 whole word, 2 prefix of a word, 1 inside a word, 0 none. */
export function wordMatch(text: string, word: string): number {
  let from = 0;
  let best = 0;
  for (;;) {
    const at = text.indexOf(word, from);
    if (at < 0) return best;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + word.length] ?? '';
    const starts = !before || !/[\p{L}\p{N}]/u.test(before);
    const ends = !after || !/[\p{L}\p{N}]/u.test(after);
    const score = starts ? (ends ? 3 : 2) : 1;
    if (score === 3) return 3;
    best = Math.max(best, score);
    from = at + 1;
  }
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The score of a row for the query words, or 0 when a word is missing from both the title and
 * the body (every word must match). `title` and `body` are lower-cased by the caller.
 */
export function rankText(words: string[], title: string, body: string, at: string | null, now = Date.now()): number {
  if (!words.length) return 0;
  let score = 0;
  for (const word of words) {
    const inTitle = wordMatch(title, word);
    if (inTitle) {
      score += 10 + inTitle * 3;
      continue;
    }
    const inBody = wordMatch(body, word);
    if (!inBody) return 0;
    score += inBody;
  }
  const age = at ? Math.max(0, now - Date.parse(at)) : YEAR_MS;
  const recency = Number.isFinite(age) ? Math.max(0, 1 - age / YEAR_MS) : 0;
  return score / words.length + recency;
}

/** Up to `radius` characters either side of the first query word found in `text`. */
export function snippet(text: string, words: string[], radius = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const at = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0).sort((a, b) => a - b)[0];
  if (at === undefined || flat.length <= radius * 2) return flat.slice(0, radius * 2);
  const start = Math.max(0, at - radius);
  const end = Math.min(flat.length, at + radius);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/** Best first; ties go to the newer row. */
export function byScore(a: SearchHit, b: SearchHit): number {
  return b.score - a.score || (b.at ?? '').localeCompare(a.at ?? '');
}
