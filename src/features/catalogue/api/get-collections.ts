// The user's collections: the list (names, counts, covers) and one collection's clips, searched,
// filtered, sorted and paged like any catalogue listing.
import { trpc } from '@/lib/trpc';

import type { ClipFilters } from '../filters/clip-filters';
import type { PagingMode } from '../filters/use-paging-mode';
import { toSearchInput } from './catalogue-queries';

export function collectionsOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return trpc.collections.list.queryOptions(undefined, { enabled, meta: { silent: true } });
}

export function collectionClipSearchOptions(
  collectionId: string,
  filters: ClipFilters,
  paging?: PagingMode,
) {
  return trpc.collections.searchClips.infiniteQueryOptions(
    { collectionId, ...toSearchInput(filters, paging) },
    {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      placeholderData: (previous) => previous,
      meta: { silent: true },
    },
  );
}
