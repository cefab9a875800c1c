// What the catalogue pages ask the tRPC catalogue for: the URL filter state turned into the
// procedures' input (defaults left out, so equal states share one cache entry). Every listing
// is an infinite query paged by the server's cursor; in numbered pages the same query starts
// at `page` and shows that first page only, so each numbered page is its own cache entry and
// Back and Forward show it at once.
import { trpc } from '@/lib/trpc';

import type { SearchInput } from '../../../../server/contracts/catalogue';
import type { ClipFilters } from '../filters/clip-filters';
import type { PagingMode } from '../filters/use-paging-mode';

export const PAGE_SIZE = 24;

/** Which listing the facets count within (the page's scope, as the search procedures have it). */
export interface FacetsScope {
  slug?: string;
  favourites?: boolean;
  collectionId?: string;
}

/** The filter state as the search procedures take it (the cursor is added by the infinite query). */
export function toSearchInput(
  filters: ClipFilters,
  paging: PagingMode = 'scroll',
): Omit<SearchInput, 'cursor'> {
  const input: Omit<SearchInput, 'cursor'> = { sortBy: filters.sortBy, limit: PAGE_SIZE };
  if (filters.embeddingSearch) input.embeddingSearch = true;
  if (filters.textArr.length) input.textArr = filters.textArr;
  if (filters.videoIds.length) input.videoIds = filters.videoIds;
  if (filters.personIds.length) input.personIds = filters.personIds;
  if (filters.tagIds.length) input.tagIds = filters.tagIds;
  if (filters.videoTagIds.length) input.videoTagIds = filters.videoTagIds;
  if (filters.beforePremiereDate) input.beforePremiereDate = filters.beforePremiereDate;
  if (filters.afterPremiereDate) input.afterPremiereDate = filters.afterPremiereDate;
  if (filters.minClipDuration !== null) input.minClipDuration = filters.minClipDuration;
  if (filters.maxClipDuration !== null) input.maxClipDuration = filters.maxClipDuration;
  if (filters.accessLevel) input.accessLevel = filters.accessLevel;
  if (paging === 'pages' && filters.page > 1) input.page = filters.page;
  return input;
}

/** The facets take the filters without paging or sort, within the page's listing. */
export function toFacetsInput(filters: ClipFilters, scope: FacetsScope = {}) {
  const { sortBy: _sortBy, limit: _limit, ...rest } = toSearchInput(filters);
  return { ...rest, ...scope };
}

export function facetsOptions(filters: ClipFilters, scope: FacetsScope = {}) {
  return trpc.catalogue.facets.queryOptions(toFacetsInput(filters, scope), {
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });
}

const infinite = {
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
  placeholderData: <T>(previous: T | undefined) => previous,
};

export function videoSearchOptions(filters: ClipFilters, paging?: PagingMode) {
  return trpc.catalogue.searchVideos.infiniteQueryOptions(toSearchInput(filters, paging), infinite);
}

export function clipSearchOptions(filters: ClipFilters, paging?: PagingMode) {
  return trpc.catalogue.searchClips.infiniteQueryOptions(toSearchInput(filters, paging), infinite);
}

export function channelVideosOptions(slug: string, filters: ClipFilters, paging?: PagingMode) {
  return trpc.catalogue.channelVideos.infiniteQueryOptions(
    { slug, ...toSearchInput(filters, paging) },
    infinite,
  );
}

export function favouriteVideoSearchOptions(filters: ClipFilters, paging?: PagingMode) {
  return trpc.favourites.searchVideos.infiniteQueryOptions(toSearchInput(filters, paging), {
    ...infinite,
    meta: { silent: true },
  });
}

export function favouriteClipSearchOptions(filters: ClipFilters, paging?: PagingMode) {
  return trpc.favourites.searchClips.infiniteQueryOptions(toSearchInput(filters, paging), {
    ...infinite,
    meta: { silent: true },
  });
}
