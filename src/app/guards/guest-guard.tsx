import { Navigate, Outlet, useSearchParams } from 'react-router';

import { safeReturnTo } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/** Login and register: a signed-in user goes on to `returnTo` (or the dashboard home). The
 *  form renders at once while the initial check runs, so the page paints without waiting. */
export function GuestGuard() {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  if (isAuthenticated) return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
  return <Outlet />;
}
