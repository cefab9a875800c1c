// The whole app under react-router (the route table of router.tsx). main.tsx loads it for any
// path the start app does not serve, and when a visitor leaves the start app (a link in the
// nav, say). The router is created when this first renders (it reads the location at that
// moment), and this suspends until it has loaded the first page's lazy routes: when taking
// over from the start app, its page stays on screen until then instead of a blank fallback.
// A prerendered page (main.tsx) waits for `prepareFullApp` before its first render instead, so
// that render replaces the prerendered page by the same page at once.
import { use } from 'react';
import { RouterProvider } from 'react-router/dom';

import { maintenanceStore } from '@/lib/maintenance';

import { loadMaintenanceView } from './maintenance-view';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;
let app: { router: AppRouter; ready: Promise<void> } | null = null;

/** The router, created once, and when it has loaded the first page's lazy routes. */
function appRouter() {
  if (app) return app;
  const router = createAppRouter();
  const ready = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
  return (app = { router, ready });
}

/** Everything the first render needs: the first page's lazy routes, and the maintenance page
 *  when that is what is shown. */
export async function prepareFullApp(): Promise<void> {
  await Promise.all([appRouter().ready, maintenanceStore.get() ? loadMaintenanceView() : undefined]);
}

export default function FullApp() {
  const { router, ready } = appRouter();
  if (!router.state.initialized) use(ready);
  return <RouterProvider router={router} />;
}
