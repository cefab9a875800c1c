// The auth pages (spec point 2) and their paths, for both ways they are served: by the small
// start app a first visit to /auth/* starts (`src/app/start-app.tsx`, no react-router) and by the
// app's router once the dashboard has loaded (`src/app/router.tsx`). `guest`: a signed-in user
// is sent on (GuestGuard). The sign-in page is imported eagerly by the start app.
import type { ComponentType } from 'react';

import { paths } from '@/config/paths';
import { trimPath } from '@/lib/nav';

export interface AuthPage {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  guest?: boolean;
}

const login = () => import('./pages/login');
const register = () => import('./pages/register');

export const AUTH_PAGES: AuthPage[] = [
  { path: paths.auth.login.path, load: login, guest: true },
  { path: paths.auth.register.path, load: register, guest: true },
  { path: paths.auth.loginUnprotected.path, load: login },
  { path: paths.auth.registerUnprotected.path, load: register },
  { path: paths.auth.requestAccess.path, load: () => import('./pages/request-access') },
  { path: paths.auth.verify.path, load: () => import('./pages/verify') },
  { path: paths.auth.resetPassword.path, load: () => import('./pages/reset-password') },
  { path: paths.auth.newPassword.path, load: () => import('./pages/new-password') },
];

/** The auth page at a path (a trailing slash is ignored). */
export function findAuthPage(pathname: string): AuthPage | undefined {
  const path = trimPath(pathname);
  return AUTH_PAGES.find((p) => p.path === path);
}
