import { Navigate, Outlet, useLocation } from 'react-router';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/** Signed-out users reaching /dashboard/* go to login, and come back here after. */
export function AuthGuard() {
  const { isInitialized, isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isInitialized) return <DelayedLoader minHeight="100vh" />;
  if (!isAuthenticated)
    return <Navigate to={paths.auth.login.href(location.pathname + location.search + location.hash)} replace />;
  return <Outlet />;
}
