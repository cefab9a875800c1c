// The post list's search, sort and page live in the URL (`?q=&sort=&page=`), so a shared link
// opens the same list and Back returns to the page one came from. A new search or sort starts
// again at page 1.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { BLOG_SORTS, type BlogSort } from '../../../../server/contracts/blog';

export interface BlogFilters {
  q: string;
  sort: BlogSort;
  page: number;
  /** only the signed-in user's own posts */
  mine: boolean;
}

export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    sort: (BLOG_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BlogSort) : 'latest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    mine: params.get('mine') === '1',
  };
}

export function writeBlogFilters(filters: BlogFilters, into = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(into);
  for (const key of ['q', 'sort', 'page', 'mine']) params.delete(key);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== 'latest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.mine) params.set('mine', '1');
  return params;
}

export function useBlogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseBlogFilters(params), [params]);
  const setFilters = useCallback(
    (patch: Partial<BlogFilters>) =>
      setParams(
        (current) => {
          const next = { ...parseBlogFilters(current), ...patch };
          if (patch.page === undefined) next.page = 1;
          return writeBlogFilters(next, current);
        },
        // paging is a step the visitor may go back from; typing a search is not
        { replace: patch.page === undefined, preventScrollReset: patch.page === undefined },
      ),
    [setParams],
  );
  return { filters, setFilters };
}
