// What the catalogue pages ask the tRPC catalogue for: the URL filter state turned into the
// procedures' input (defaults left out, so equal states share one cache entry), infinite
// lists paged by the server's cursor.
import { trpc } from '@/lib/trpc';

import type { SearchInput } from '../../../../server/contracts/catalogue';
import type { ClipFilters } from '../filters/clip-filters';

export const PAGE_SIZE = 24;

/** The filter state as the search procedures take it (the cursor is added by the infinite query). */
export function toSearchInput(filters: ClipFilters): Omit<SearchInput, 'cursor'> {
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
  return input;
}

/** The facets take the filters without paging or sort. */
export function toFacetsInput(filters: ClipFilters) {
  const { sortBy: _sortBy, limit: _limit, ...rest } = toSearchInput(filters);
  return rest;
}

const nextCursor = (last: { nextCursor: string | null }) => last.nextCursor ?? undefined;

export function videoSearchOptions(filters: ClipFilters) {
  return trpc.catalogue.searchVideos.infiniteQueryOptions(toSearchInput(filters), {
    getNextPageParam: nextCursor,
    placeholderData: (previous) => previous,
  });
}

export function clipSearchOptions(filters: ClipFilters) {
  return trpc.catalogue.searchClips.infiniteQueryOptions(toSearchInput(filters), {
    getNextPageParam: nextCursor,
    placeholderData: (previous) => previous,
  });
}

export function channelVideosOptions(slug: string, filters: ClipFilters) {
  return trpc.catalogue.channelVideos.infiniteQueryOptions(
    { slug, ...toSearchInput(filters) },
    { getNextPageParam: nextCursor, placeholderData: (previous) => previous },
  );
}
