// The whole app under react-router (the route table of router.tsx). main.tsx loads it for any
// path but the auth pages, and when a visitor leaves the auth pages (after signing in, say).
// The router is created when this first renders: it reads the location at that moment.
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { createAppRouter } from './router';

export default function FullApp() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} />;
}
