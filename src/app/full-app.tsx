// The whole app under react-router (the route table of router.tsx). main.tsx loads it for any
// path the start app does not serve, and when a visitor leaves the start app (a link in the
// nav, say). The router is created when this first renders (it reads the location at that
// moment), and this suspends until it has loaded the first page's lazy routes: when taking
// over from the start app, its page stays on screen until then instead of a blank fallback.
import { use } from 'react';
import { RouterProvider } from 'react-router/dom';

import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;
let router: AppRouter | null = null;
let ready: Promise<void> | null = null;

function appRouter(): { router: AppRouter; ready: Promise<void> } {
  if (!router) {
    const created = createAppRouter();
    router = created;
    ready = created.state.initialized
      ? Promise.resolve()
      : new Promise((resolve) => {
          const stop = created.subscribe((state) => {
            if (!state.initialized) return;
            stop();
            resolve();
          });
        });
  }
  return { router, ready: ready ?? Promise.resolve() };
}

export default function FullApp() {
  const app = appRouter();
  use(app.ready);
  return <RouterProvider router={app.router} />;
}
