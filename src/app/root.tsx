// The root route (the `/_app` shell of docs/product-rules.md#routes): progress bar, `?ref=` capture
// on every page, client-side navigation for the auth layer (token expiry), scroll restoration, and
// the maintenance page in place of any page while the server says it is under maintenance.
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';

import { RouteProgress } from '@/components/feedback/route-progress';
import { setAuthNavigator } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';
import { useMaintenance } from '@/lib/maintenance';

import { MaintenanceView } from './maintenance-view';

export function AppRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const maintenance = useMaintenance();

  useEffect(() => {
    captureReferral(location.search);
  }, [location.search]);

  useEffect(() => {
    setAuthNavigator((to) => void navigate(to, { replace: true }));
  }, [navigate]);

  return (
    <>
      <RouteProgress busy={navigation.state !== 'idle'} />
      {maintenance ? <MaintenanceView /> : <Outlet />}
      <ScrollRestoration />
    </>
  );
}
