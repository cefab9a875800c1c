// The shop's first screen (the grid of its URL's filters), fetched while its code loads.
import type { LoaderFunctionArgs } from 'react-router';

import { fetchFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';

import { productsQuery } from '../api/shop-api';
import { parseShopFilters, toProductQuery } from '../components/shop-filters';
import { readProductState } from '../persist';

export function loader({ request }: LoaderFunctionArgs) {
  const filters = parseShopFilters(new URL(request.url).searchParams, readProductState().sort);
  return fetchFirstScreen(queryClient.ensureQueryData(productsQuery(toProductQuery(filters))));
}
