// The app: its providers around the one router. `prepareApp` resolves once the router has
// loaded what the first page needs (its lazy route modules and loaders) and, while the server
// is under maintenance, the maintenance page: main.tsx renders only then.
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';

import { maintenanceStore } from '@/lib/maintenance';
import { restoreQueryCache } from '@/lib/query-client';
import { yieldToMain } from '@/lib/yield-to-main';

import { loadMaintenanceView } from './maintenance-view';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | null = null;

function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Makes the router (it starts loading the first page's code and data at once). */
export async function prepareApp(): Promise<void> {
  // the restored answers first: the first page's loaders then fetch only what is missing
  await restoreQueryCache();
  await yieldToMain();
  router ??= createAppRouter();
  await Promise.all([routerReady(router), maintenanceStore.get() ? loadMaintenanceView() : undefined]);
}

/** The app, once `prepareApp` has made its router. */
export function App() {
  // a page prerendered at build time is the app's now (the public pages' tests wait for this)
  useEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);
  if (!router) throw new Error('prepareApp() must run before the app renders.');
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
