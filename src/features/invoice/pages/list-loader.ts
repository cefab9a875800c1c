// The invoice list's first screen (the page of its URL's tab, search and sort), fetched while
// its code loads.
import type { LoaderFunctionArgs } from 'react-router';

import { fetchFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';

import { invoicesQuery } from '../api/invoice-api';
import { parseListParams } from '../components/use-list-params';

export function loader({ request }: LoaderFunctionArgs) {
  const query = parseListParams(new URL(request.url).searchParams);
  return fetchFirstScreen(queryClient.ensureQueryData(invoicesQuery(query)));
}
