import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { useClipFilters, type ClipFiltersApi } from './use-clip-filters';

/** Two components reading the hook on one router, as the filter panel and the list do. */
function setup(initial: string) {
  const seen: { panel?: ClipFiltersApi; list?: ClipFiltersApi } = {};
  function Panel() {
    seen.panel = useClipFilters();
    return null;
  }
  function List() {
    seen.list = useClipFilters();
    return null;
  }
  const element = (
    <>
      <Panel />
      <List />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/dashboard/videos', element },
      { path: '/dashboard/clips', element },
    ],
    { initialEntries: [initial] },
  );
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  );
  renderHook(() => null, { wrapper });
  return { seen, router };
}

const search = (router: ReturnType<typeof setup>['router']) => router.state.location.search;

describe('useClipFilters', () => {
  it('reads the URL on the first render with the page default sort', () => {
    const { seen } = setup('/dashboard/videos?personIds=a,%20b&underPremierDate=2001-01-01');
    expect(seen.panel?.filters.personIds).toEqual(['a', 'b']);
    expect(seen.panel?.filters.beforePremiereDate).toBe('2001-01-01');
    expect(seen.panel?.filters.sortBy).toBe('premiereDate');
  });

  it('a change replaces the URL (no new history entry, no scroll reset) and every reader sees it', () => {
    const { seen, router } = setup('/dashboard/videos?ref=amy');
    const navigate = vi.spyOn(router, 'navigate');
    const before = window.history.length;
    act(() => seen.panel!.setFilters({ tagIds: ['t1', 't2'], sortBy: 'virality' }));
    expect(search(router)).toBe('?ref=amy&tagIds=t1%2Ct2&sortBy=virality');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(navigate.mock.calls[0]?.[1]).toMatchObject({ replace: true, preventScrollReset: true });
    expect(window.history.length).toBe(before);
    expect(seen.list?.filters.tagIds).toEqual(['t1', 't2']);
    expect(seen.list?.filters.sortBy).toBe('virality');
  });

  it('two changes in one tick both land', () => {
    const { seen, router } = setup('/dashboard/clips');
    act(() => {
      seen.panel!.setFilters({ tagIds: ['a'] });
      seen.list!.setFilters((current) => ({ personIds: [...current.personIds, 'p'] }));
    });
    expect(seen.list?.filters.tagIds).toEqual(['a']);
    expect(seen.list?.filters.personIds).toEqual(['p']);
    expect(search(router)).toBe('?personIds=p&tagIds=a');
  });

  it('a change other than the page returns to page 1', () => {
    const { seen, router } = setup('/dashboard/clips?page=4&tagIds=a');
    act(() => seen.panel!.setFilters({ minClipDuration: 5 }));
    expect(search(router)).toBe('?tagIds=a&minClipDuration=5');
  });

  it('clear removes every filter key and keeps the rest', () => {
    const { seen, router } = setup(
      '/dashboard/clips?ref=amy&textArr=a&underPremierDate=2000-01-01&sortBy=newest',
    );
    act(() => seen.list!.clear());
    expect(search(router)).toBe('?ref=amy');
    expect(seen.panel?.filters.sortBy).toBe('virality');
  });

  it('moving to another path drops the old keys and applies that path default sort', () => {
    const { seen, router } = setup('/dashboard/clips?textArr=a&sortBy=newest&ref=amy');
    act(() => seen.panel!.setFilters({ personIds: ['p9'] }, { pathname: '/dashboard/videos' }));
    expect(router.state.location.pathname).toBe('/dashboard/videos');
    expect(search(router)).toBe('?personIds=p9');
    expect(router.state.historyAction).toBe('PUSH');
    expect(seen.panel?.filters.sortBy).toBe('premiereDate');
    expect(seen.panel?.filters.textArr).toEqual([]);
  });

  it('words on the videos page sort by relevance, with no sort in the URL', () => {
    const { seen, router } = setup('/dashboard/videos');
    act(() => seen.panel!.setFilters({ textArr: ['ghost'] }));
    expect(search(router)).toBe('?textArr=ghost');
    expect(seen.list?.filters.sortBy).toBe('relevance');
    act(() => seen.panel!.setFilters({ textArr: [] }));
    expect(search(router)).toBe('');
    expect(seen.list?.filters.sortBy).toBe('premiereDate');
  });

  it('a numbered page is a history entry without a scroll reset; Back returns to the page before', async () => {
    const { seen, router } = setup('/dashboard/clips?tagIds=a');
    const navigate = vi.spyOn(router, 'navigate');
    act(() => seen.panel!.goToPage(3));
    expect(search(router)).toBe('?tagIds=a&page=3');
    expect(router.state.historyAction).toBe('PUSH');
    expect(navigate.mock.calls[0]?.[1]).toMatchObject({ replace: false, preventScrollReset: true });
    expect(seen.list?.filters.page).toBe(3);
    await act(() => router.navigate(-1));
    expect(search(router)).toBe('?tagIds=a');
    expect(seen.list?.filters.page).toBe(1);
  });
});
