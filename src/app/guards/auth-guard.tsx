import { Navigate, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';

import { paths } from '@/config/paths';
import { authStore, initializeAuth } from '@/lib/auth/auth-store';
import { useAuth } from '@/lib/auth/use-auth';
import { maintenanceStore } from '@/lib/maintenance';

const loginFor = (url: URL) => paths.auth.login.href(url.pathname + url.search + url.hash);

/** The dashboard's loader: the session check (started as the app boots) settles while the
 *  frame's and the page's code load; a signed-out visitor goes to login, and comes back after. */
export async function requireSession({ request }: LoaderFunctionArgs) {
  await initializeAuth();
  // under maintenance every page shows the maintenance page, at its own address
  if (maintenanceStore.get()) return null;
  if (!authStore.getState().isAuthenticated) return redirect(loginFor(new URL(request.url)));
  return null;
}

/** A session that ends on this page (logout, expiry, revocation) leaves the dashboard. */
export function AuthGuard() {
  const { isAuthenticated } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (!isAuthenticated) return <Navigate replace to={paths.auth.login.href(pathname + search + hash)} />;
  return <Outlet />;
}
