// The route table (spec point 2). Every page is lazy: a page module under
// src/features/<name>/pages/ default-exports its component and gets ONE line here, with its
// path from src/config/paths.ts:
// Put dashboard pages in DASHBOARD (signed-in only, dashboard layout), public pages in PUBLIC
// (simple layout), auth pages in AUTH. Layouts are lazy too, so the sign-in page never
// downloads dashboard code.
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';

import { paths } from '@/config/paths';

import { AuthGuard } from './guards/auth-guard';
import { GuestGuard } from './guards/guest-guard';
import { AppRoot } from './root';
import { RouteError } from './route-error';

type Module = { default: ComponentType };
/** A lazy route module (default export = the page). */
export const page = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });

const dashboardLayout = page(() => import('./layouts/dashboard-layout'));
const authLayout = page(() => import('./layouts/auth-layout'));
const simpleLayout = page(() => import('./layouts/simple-layout'));

const AUTH: RouteObject[] = [
  {
    Component: GuestGuard,
    children: [
      { path: paths.auth.login.path, lazy: page(() => import('@/features/auth/pages/login')) },
      { path: paths.auth.register.path, lazy: page(() => import('@/features/auth/pages/register')) },
    ],
  },
  { path: paths.auth.loginUnprotected.path, lazy: page(() => import('@/features/auth/pages/login')) },
  { path: paths.auth.registerUnprotected.path, lazy: page(() => import('@/features/auth/pages/register')) },
  { path: paths.auth.requestAccess.path, lazy: page(() => import('@/features/auth/pages/request-access')) },
  { path: paths.auth.verify.path, lazy: page(() => import('@/features/auth/pages/verify')) },
  { path: paths.auth.resetPassword.path, lazy: page(() => import('@/features/auth/pages/reset-password')) },
  { path: paths.auth.newPassword.path, lazy: page(() => import('@/features/auth/pages/new-password')) },
];

const DASHBOARD: RouteObject[] = [
  { path: paths.dashboard.root.path, loader: () => redirect(paths.dashboard.app.path) },
  { path: paths.dashboard.home.path, loader: () => redirect(paths.dashboard.app.path) },
  { path: paths.dashboard.app.path, lazy: page(() => import('@/features/overview/pages/overview')) },
  { path: paths.dashboard.blank.path, lazy: page(() => import('@/features/overview/pages/blank')) },
  {
    path: paths.dashboard.permissionDenied.path,
    lazy: page(() => import('@/features/overview/pages/permission-denied')),
  },
  // features: add your dashboard pages below this line
];

const PUBLIC: RouteObject[] = [
  { path: paths.page403.path, lazy: page(() => import('@/features/overview/pages/page-403')) },
  { path: paths.page404.path, lazy: page(() => import('@/features/overview/pages/page-404')) },
  { path: paths.page500.path, lazy: page(() => import('@/features/overview/pages/page-500')) },
  // features: add your public pages below this line
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect(paths.dashboard.app.path) },
      { path: paths.auth.root.path, loader: () => redirect(paths.auth.login.path) },
      { lazy: authLayout, children: AUTH },
      {
        Component: AuthGuard,
        children: [{ lazy: dashboardLayout, ErrorBoundary: RouteError, children: DASHBOARD }],
      },
      {
        lazy: simpleLayout,
        children: [...PUBLIC, { path: '*', lazy: page(() => import('@/features/overview/pages/page-404')) }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
