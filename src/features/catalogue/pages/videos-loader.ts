// The videos page's first screen (the first page of results for its URL's filters), fetched
// while its code loads.
import type { LoaderFunctionArgs } from 'react-router';

import { fetchFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';

import { videoSearchOptions } from '../api/catalogue-queries';
import { defaultSortFor, parseClipFilters } from '../filters/clip-filters';

export function loader({ request }: LoaderFunctionArgs) {
  const { pathname, search } = new URL(request.url);
  const filters = parseClipFilters(search, defaultSortFor(pathname));
  return fetchFirstScreen(queryClient.ensureInfiniteQueryData(videoSearchOptions(filters)));
}
