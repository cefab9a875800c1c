import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { NavProvider, type Navigator } from '@/lib/nav';

/** `@/lib/nav` backed by react-router, for everything rendered under the router. */
export function RouterNav({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<Navigator>(
    () => ({
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      navigate: (to, options) => void navigate(to, options),
    }),
    [location.pathname, location.search, location.hash, navigate],
  );
  return <NavProvider value={nav}>{children}</NavProvider>;
}
