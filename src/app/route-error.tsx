import { isRouteErrorResponse, useRouteError } from 'react-router';

import { FatalError } from '@/components/feedback/fatal-error';
import { env } from '@/config/env';
import { ErrorView } from '@/features/overview/components/error-view';

/** Route-level error element: 404 answers show the 404 page, a failed chunk reloads once. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorView code={404} />;
  if (error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    // a deploy replaced the chunks this page knew about: load the new version once
    if (!sessionStorage.getItem('clipdeck-chunk-reload')) {
      sessionStorage.setItem('clipdeck-chunk-reload', '1');
      window.location.reload();
      return null;
    }
  }
  if (env.DEV) console.error(error);
  return <FatalError error={error} />;
}
