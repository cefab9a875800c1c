// The route table (spec point 2). Every page is lazy: a page module under
// src/features/<name>/pages/ default-exports its component and gets ONE line here, with its
// path from src/config/paths.ts:
//     { path: paths.dashboard.mail.root.path, lazy: page(() => import('@/features/mail/pages/mail')) },
// Put dashboard pages in DASHBOARD (signed-in only, dashboard layout), public pages in PUBLIC
// (simple layout), auth pages in AUTH. The dashboard and public layouts are lazy too, so the
// sign-in page never downloads dashboard code; only the auth layout and the sign-in page are
// part of the entry bundle (the first screen most visitors see).
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';

import { paths } from '@/config/paths';
import LoginPage from '@/features/auth/pages/login';

import { AuthGuard } from './guards/auth-guard';
import { GuestGuard } from './guards/guest-guard';
import AuthLayout from './layouts/auth-layout';
import { AppRoot } from './root';
import { RouteError } from './route-error';

type Module = { default: ComponentType };
/** A lazy route module (default export = the page). */
export const page = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });

const dashboardLayout = page(() => import('./layouts/dashboard-layout'));
const simpleLayout = page(() => import('./layouts/simple-layout'));

const AUTH: RouteObject[] = [
  {
    Component: GuestGuard,
    children: [
      // eager: the sign-in page paints without a second round trip for its code
      { path: paths.auth.login.path, Component: LoginPage },
      { path: paths.auth.register.path, lazy: page(() => import('@/features/auth/pages/register')) },
    ],
  },
  { path: paths.auth.loginUnprotected.path, Component: LoginPage },
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
  { path: paths.dashboard.user.root.path, loader: () => redirect(paths.dashboard.user.profile.path) },
  { path: paths.dashboard.user.profile.path, lazy: page(() => import('@/features/user/pages/profile')) },
  { path: paths.dashboard.user.account.path, lazy: page(() => import('@/features/user/pages/account')) },
  { path: paths.dashboard.user.list.path, lazy: page(() => import('@/features/user/pages/user-list')) },
  { path: paths.dashboard.user.root.path, loader: () => redirect(paths.dashboard.user.profile.path) },
  { path: paths.dashboard.mail.root.path, lazy: page(() => import('@/features/mail/pages/mail')) },
  { path: paths.dashboard.mail.all.path, lazy: page(() => import('@/features/mail/pages/mail')) },
  { path: paths.dashboard.chat.root.path, lazy: page(() => import('@/features/chat/pages/chat')) },
  { path: paths.dashboard.chat.new.path, lazy: page(() => import('@/features/chat/pages/chat')) },
  { path: paths.dashboard.chat.conversation.path, lazy: page(() => import('@/features/chat/pages/chat')) },
  { path: paths.dashboard.calendar.path, lazy: page(() => import('@/features/calendar/pages/calendar')) },
  { path: paths.dashboard.kanban.path, lazy: page(() => import('@/features/kanban/pages/kanban')) },
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
      { Component: AuthLayout, children: AUTH },
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
