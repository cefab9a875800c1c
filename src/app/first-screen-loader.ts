// The route loader of the pages whose first screen is read from the device's mirror (kanban,
// calendar, mail): it starts that read while the page's code downloads, instead of after the
// page has rendered once, so the first paint shows the data (src/lib/first-read.ts). It waits
// for the read at most FIRST_READ_WAIT_MS: a slow device shows the page's loading state rather
// than nothing. Only with a session: the mirror is the signed-in user's.
import type { LoaderFunctionArgs } from 'react-router';

import { getAccessToken, isTokenValid } from '@/lib/auth/token-storage';

const FIRST_READ_WAIT_MS = 1000;

export async function firstScreenLoader({ request }: LoaderFunctionArgs) {
  if (!isTokenValid(getAccessToken())) return null;
  const { startFirstReads } = await import('./first-reads');
  const reads = startFirstReads(new URL(request.url));
  await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, FIRST_READ_WAIT_MS))]);
  return null;
}
