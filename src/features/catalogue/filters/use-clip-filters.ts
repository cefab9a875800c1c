// The filter state (docs/product-rules.md#catalogue), kept in the URL and nowhere else, so every
// component that shows it (panel, chips, sort, search box, the list itself) reads the same state, a
// shared link opens the same results, and back/forward need no extra bookkeeping.
// - read from the router's location, which exists from the first render (the router is ready);
// - a change replaces the URL (`replace`, no history entry per keystroke) through the router,
//   so no document load and no scroll (`preventScrollReset`);
// - `goToPage(n)` is a history entry (Back and Forward step through the numbered pages), also
//   without a scroll reset: the list brings its own top into view;
// - `clear()` removes every filter key (other query keys such as `ref` stay);
// - `setFilters(patch, { pathname })` moves to another path with only the new filters: the old
//   keys are dropped, the sort default of the new path applies, and it is a history entry.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import {
  changeClipFilters,
  clearClipFilters,
  defaultClipFilters,
  defaultSortFor,
  parseClipFilters,
  writeClipFilters,
  type ClipFilters,
} from './clip-filters';

export type ClipFiltersPatch =
  Partial<ClipFilters> | ((current: ClipFilters) => Partial<ClipFilters>);

export interface ClipFiltersApi {
  filters: ClipFilters;
  /** The sort this path uses when the URL names none. */
  defaultSort: ClipFilters['sortBy'];
  setFilters: (patch: ClipFiltersPatch, options?: { pathname?: string }) => void;
  goToPage: (page: number) => void;
  clear: () => void;
}

let pending: { from: string; pathname: string; search: string } | null = null;
const fromId = (at: { key: string; pathname: string; search: string }) =>
  `${at.key} ${at.pathname}${at.search}`;

export function useClipFilters(): ClipFiltersApi {
  const location = useLocation();
  const navigate = useNavigate();
  const defaultSort = defaultSortFor(location.pathname);
  const filters = useMemo(
    () => parseClipFilters(location.search, defaultSort),
    [location.search, defaultSort],
  );

  // two updates in one tick (a chip removed while typing, from two components) must both land:
  // an update not yet rendered is kept with the location it was made from, and every reader
  // still on that location builds on it
  const here = useRef(location);
  here.current = location;
  useEffect(() => {
    // the update has rendered: the router's location is the truth again
    if (pending && pending.from !== fromId(location)) pending = null;
  }, [location]);
  const current = useCallback(() => {
    const at = here.current;
    return pending && pending.from === fromId(at)
      ? pending
      : { pathname: at.pathname, search: at.search };
  }, []);

  const go = useCallback(
    (
      pathname: string,
      search: URLSearchParams,
      {
        replace = true,
        preventScrollReset = replace,
      }: { replace?: boolean; preventScrollReset?: boolean } = {},
    ) => {
      const query = search.toString();
      const next = { pathname, search: query ? `?${query}` : '' };
      pending = { ...next, from: fromId(here.current) };
      void navigate(next, { replace, preventScrollReset });
    },
    [navigate],
  );

  const setFilters = useCallback(
    (patch: ClipFiltersPatch, options: { pathname?: string } = {}) => {
      const { pathname, search } = current();
      const moving = options.pathname !== undefined && options.pathname !== pathname;
      const targetPath = moving ? options.pathname! : pathname;
      const targetSort = defaultSortFor(targetPath);
      const base = moving
        ? defaultClipFilters(targetSort)
        : parseClipFilters(search, defaultSortFor(pathname));
      const change = typeof patch === 'function' ? patch(base) : patch;
      const next = changeClipFilters(base, change, targetSort);
      // a move to another page is a step the back button should undo; a filter change is not
      go(targetPath, writeClipFilters(search, next, targetSort, !moving), { replace: !moving });
    },
    [current, go],
  );

  const goToPage = useCallback(
    (page: number) => {
      const { pathname, search } = current();
      const sort = defaultSortFor(pathname);
      const next = { ...parseClipFilters(search, sort), page: Math.max(1, Math.floor(page)) };
      go(pathname, writeClipFilters(search, next, sort), {
        replace: false,
        preventScrollReset: true,
      });
    },
    [current, go],
  );

  const clear = useCallback(() => {
    const { pathname, search } = current();
    go(pathname, clearClipFilters(search));
  }, [current, go]);

  return { filters, defaultSort, setFilters, goToPage, clear };
}
