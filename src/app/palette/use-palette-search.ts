// The palette's search as the user types: pages at once, data after a short pause (DEBOUNCE_MS).
// Online, the server searches every feature's rows; when the browser is offline or the request
// fails, the Dexie mirror is searched on the page instead (mail, chat, calendar, kanban, cart),
// and `source` says which answered. An answer to an older query never replaces a newer one.
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, isAbortError } from '@/lib/api-client';
import { searchLocal, warmLocalIndex } from '@/lib/search/local-index';

import {
  SEARCH_LIMIT_DEFAULT,
  searchWords,
  type SearchAnswer,
  type SearchHit,
} from '../../../server/contracts/search';
import { localSources } from './local-sources';
import { matchPages, paletteCandidates, type PageHit } from './palette-pages';

export const DEBOUNCE_MS = 150;
const SERVER_TIMEOUT_MS = 4000;
const PAGE_LIMIT = 5;

export interface PaletteResults {
  /** the query these results answer */
  query: string;
  pages: PageHit[];
  hits: SearchHit[];
  source: 'server' | 'device';
  loading: boolean;
}

async function searchServer(q: string, signal: AbortSignal): Promise<SearchHit[]> {
  const answer = await api
    .get('/api/search', { searchParams: { q, limit: SEARCH_LIMIT_DEFAULT }, signal, timeout: SERVER_TIMEOUT_MS })
    .json<SearchAnswer>();
  return answer.hits;
}

export function usePaletteSearch(query: string, user: { id: string; role: 'admin' | 'user' } | null, opened: boolean): PaletteResults {
  const { t, i18n } = useTranslation();
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const sources = useMemo(() => localSources(user?.id), [user?.id]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- titles follow the language
  const candidates = useMemo(() => paletteCandidates(user?.role, t), [user?.role, t, i18n.language]);
  const pages = useMemo(() => matchPages(candidates, searchWords(query.trim()), PAGE_LIMIT), [candidates, query]);
  const [data, setData] = useState<{ query: string; hits: SearchHit[]; source: 'server' | 'device' }>({
    query: '',
    hits: [],
    source: 'server',
  });

  // offline the first query should not wait for the tables to be read
  useEffect(() => {
    if (opened && !navigator.onLine) warmLocalIndex(sources);
  }, [opened, sources]);

  useEffect(() => {
    const words = searchWords(debounced);
    if (!words.length) return;
    const controller = new AbortController();
    const local = async () => ({ hits: await searchLocal(sources, words, SEARCH_LIMIT_DEFAULT), source: 'device' as const });
    const run = async () => {
      if (!navigator.onLine) return local();
      try {
        return { hits: await searchServer(debounced, controller.signal), source: 'server' as const };
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) throw error;
        return local();
      }
    };
    const started = performance.now();
    run().then(
      (answer) => {
        // a user-timing entry per search (tests/perf/palette.bench.ts reads them)
        performance.measure(`palette-search:${answer.source}`, { start: started });
        if (!controller.signal.aborted) setData({ query: debounced, ...answer });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [debounced, sources]);

  const current = query.trim();
  return useMemo(() => {
    const answered = data.query === current;
    return {
      query: current,
      pages,
      // while the next answer is on its way the last one stays: no flicker, fewer repaints
      hits: searchWords(current).length ? data.hits : [],
      source: data.source,
      loading: searchWords(current).length > 0 && !answered,
    };
  }, [current, pages, data]);
}
