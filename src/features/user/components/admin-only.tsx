import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';

/** The admin pages' guard: anyone else lands on the permission-denied page (the server refuses them with 403 regardless). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin')
    return <Navigate to={paths.dashboard.permissionDenied.path} replace />;
  return children;
}
