// The home's first screen (the server's counts and latest premieres), fetched while its code
// loads.
import { fetchFirstScreen } from '@/lib/first-screen';
import { queryClient } from '@/lib/query-client';

import { overviewQuery } from '../api/get-overview';

export function loader() {
  return fetchFirstScreen(queryClient.ensureQueryData(overviewQuery));
}
