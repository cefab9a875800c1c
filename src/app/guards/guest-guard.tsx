import { Navigate, Outlet, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { authStore, initializeAuth } from '@/lib/auth/auth-store';
import { safeReturnTo } from '@/lib/auth/return-to';
import { getAccessToken, isTokenValid } from '@/lib/auth/token-storage';
import { useAuth } from '@/lib/auth/use-auth';

/** Login and register: a signed-in user goes on to `returnTo` (or the dashboard home). Without
 *  a stored session the form shows at once; with one, once the check has answered. */
export async function sendSignedInOn({ request }: LoaderFunctionArgs) {
  if (!isTokenValid(getAccessToken())) return null;
  await initializeAuth();
  if (!authStore.getState().isAuthenticated) return null;
  return redirect(safeReturnTo(new URL(request.url).searchParams.get('returnTo')));
}

export function GuestGuard() {
  const { isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  if (isAuthenticated) return <Navigate replace to={safeReturnTo(params.get('returnTo'))} />;
  return <Outlet />;
}
