// What every palette search source shares: who is searching, the source's shape, the rule that
// every query word must appear in one of a row's searched columns (ILIKE: a word may match
// inside another), at most CANDIDATES rows read per source, newest first, and the shared
// ranking (server/contracts/search.ts) that orders them. Each domain declares its own source
// (`<domain>/search-source.ts`, scoped to what the signed-in user may read there);
// ./sources.ts lists them.
import { and, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

import { rankText, type SearchHit } from '../contracts/search.ts';
import type { Executor } from '../db/client.ts';
import { escapeLike } from '../lib/escape.ts';

export const CANDIDATES = 50;

export interface Searcher {
  userId: string;
  role: 'admin' | 'user';
}

export type SearchSource = (db: Executor, who: Searcher, words: string[]) => Promise<SearchHit[]>;

/** Every word in at least one of the columns. */
export function everyWord(words: string[], columns: (PgColumn | SQL)[]): SQL {
  return and(...words.map((w) => or(...columns.map((c) => ilike(c, `%${escapeLike(w)}%`)))))!;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const low = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ').toLowerCase();

/** A row as a hit, or null when the ranking finds no word in it. */
export function hit(words: string[], title: string, body: string, at: string | null, rest: Omit<SearchHit, 'score' | 'at' | 'title'> & { titleText?: string }): SearchHit | null {
  const { titleText, ...fields } = rest;
  const score = rankText(words, low(titleText ?? title), body.toLowerCase(), at);
  return score ? { ...fields, title, at, score } : null;
}

export const found = (hits: (SearchHit | null)[]) => hits.filter((h): h is SearchHit => h !== null);
