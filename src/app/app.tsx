// The app: its providers around the one router. `prepareApp` resolves once the router has
// loaded what the first page needs (its lazy route modules and loaders) and, while the server
// is under maintenance, the maintenance page: main.tsx renders only then.
import { RouterProvider } from 'react-router/dom';

import { maintenanceStore } from '@/lib/maintenance';

import { loadMaintenanceView } from './maintenance-view';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** Made when this module loads: it starts loading the first page's code and data at once. */
const router = createAppRouter();

function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export async function prepareApp(): Promise<void> {
  await Promise.all([routerReady(), maintenanceStore.get() ? loadMaintenanceView() : undefined]);
}

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
