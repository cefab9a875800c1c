// The root route (the spec's `/_app` shell): progress bar, `?ref=` capture on every page,
// client-side navigation for the auth layer (token expiry), scroll restoration.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';

import { RouteProgress } from '@/components/feedback/route-progress';
import { setAuthNavigator } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';

export function AppRoot() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    captureReferral(location.search);
  }, [location.search]);

  useEffect(() => {
    setAuthNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);

  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
