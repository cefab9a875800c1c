import { useDeferredValue, type ReactNode } from 'react';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { Redirect, useNav } from '@/lib/nav';

/** Signed-out users reaching /dashboard/* go to login, and come back here after. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { isInitialized, isAuthenticated } = useAuth();
  const { pathname, search, hash } = useNav();
  // the page appears in a render React can slice: the auth store's update is synchronous, and
  // rendering the whole dashboard in it was one long task on a phone
  const ready = useDeferredValue(isInitialized);
  if (!ready) return <DelayedLoader minHeight="100vh" />;
  if (!isAuthenticated) return <Redirect to={paths.auth.login.href(pathname + search + hash)} />;
  return children;
}
