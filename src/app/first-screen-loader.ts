// The route loader of the pages whose first screen is read from the device's mirror (kanban,
// calendar, mail): it starts that read while the page's code downloads, instead of after the
// page has rendered once, so the first paint shows the data (src/lib/first-read.ts). On a
// device that has never synced, the first sync comes first: the page then renders the
// server's data at once rather than an empty mirror and the data a moment later. Either waits
// at most as long as any first screen (src/lib/first-screen.ts). Only with a session: the
// mirror is the signed-in user's.
import type { LoaderFunctionArgs } from 'react-router';

import { getAccessToken, isTokenValid } from '@/lib/auth/token-storage';
import { fetchFirstScreen } from '@/lib/first-screen';

export async function firstScreenLoader({ request }: LoaderFunctionArgs) {
  if (!isTokenValid(getAccessToken())) return null;
  const { readFirstScreen } = await import('./first-reads');
  return fetchFirstScreen(readFirstScreen(new URL(request.url)));
}
