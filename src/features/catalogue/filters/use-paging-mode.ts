// How a listing pages: by scrolling (the next results load as the end of the list comes near)
// or by numbered pages. The choice is remembered on this device. A link to a numbered page
// (`?page=3`) opens that page in numbered pages and makes that the remembered choice, so that
// going back to its page 1 keeps the numbers rather than switching the list under the user.
import { useLocalStorage } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';

import { useClipFilters } from './use-clip-filters';

export type PagingMode = 'scroll' | 'pages';
export const PAGING_MODES: PagingMode[] = ['scroll', 'pages'];
export const PAGING_STORAGE_KEY = 'clipdeck.catalogue.paging';

export function usePagingMode(): { mode: PagingMode; setMode: (mode: PagingMode) => void } {
  const { filters, setFilters } = useClipFilters();
  const [stored, setStored] = useLocalStorage<PagingMode>({
    key: PAGING_STORAGE_KEY,
    defaultValue: 'scroll',
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => (value === 'pages' ? 'pages' : 'scroll'),
  });
  const linkedPage = filters.page > 1;
  // when a page number arrives, not whenever the choice differs: switching to scrolling from
  // page 3 must not be undone before the page number has left the URL
  useEffect(() => {
    if (filters.page > 1) setStored('pages');
  }, [filters.page, setStored]);

  const setMode = useCallback(
    (mode: PagingMode) => {
      setStored(mode);
      // scrolling starts from the top of the list: the page number leaves the URL
      if (mode === 'scroll' && linkedPage) setFilters({ page: 1 });
    },
    [setStored, setFilters, linkedPage],
  );
  return { mode: linkedPage ? 'pages' : stored, setMode };
}
