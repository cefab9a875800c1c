import type { ReactNode } from 'react';

import { safeReturnTo } from '@/lib/auth/return-to';
import { useAuth } from '@/lib/auth/use-auth';
import { Redirect, useSearchParam } from '@/lib/nav';

/** Login and register: a signed-in user goes on to `returnTo` (or the dashboard home). The
 *  form renders at once while the initial check runs, so the page paints without waiting. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const returnTo = useSearchParam('returnTo');
  if (isAuthenticated) return <Redirect to={safeReturnTo(returnTo)} />;
  return children;
}
