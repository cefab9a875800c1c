// The route table, and the one router of the app. Every page and layout is lazy: a page module
// under src/features/<name>/pages/ default-exports its component and gets ONE line here, with
// its path from src/config/paths.ts:
//     { path: paths.dashboard.mail.root.path, lazy: page(() => import('@/features/mail/pages/mail')) },
// Put dashboard pages in DASHBOARD (signed-in only, dashboard layout), public pages in PUBLIC
// (simple layout), sign-in pages in AUTH (auth layout). A page whose first screen reads the
// device's mirror can give its route a `loader` that starts that read while its code loads.
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { paths } from '@/config/paths';
import { MARKETING_PAGES } from '@/features/marketing/routes';
import { getAccessToken } from '@/lib/auth/token-storage';
import { loadAppTranslations } from '@/lib/i18n';

import { firstScreenLoader } from './first-screen-loader';
import { AuthGuard, requireSession } from './guards/auth-guard';
import { GuestGuard, sendSignedInOn } from './guards/guest-guard';
import { AppRoot } from './root';
import { RouteError } from './route-error';

type Module = { default: ComponentType };
/** A lazy route module (default export = the page or layout). */
export const page = (load: () => Promise<Module>) => async () => ({
  Component: (await load()).default,
});
/** A layout whose pages show the app's strings beyond the sign-in pages': they load with it. */
const appLayout = (load: () => Promise<Module>) =>
  page(async () => (await Promise.all([load(), loadAppTranslations()]))[0]);

const dashboardNotFound = async (): Promise<Module> => {
  const { ErrorView } = await import('@/features/overview/components/error-view');
  return {
    default: function DashboardNotFound() {
      return <ErrorView code={404} inDashboard />;
    },
  };
};

/** A dashboard page with a public twin: a visitor without a session goes there, not to sign-in. */
const visitorsTo =
  (href: (title: string) => string) =>
  ({ params }: LoaderFunctionArgs) =>
    getAccessToken() ? null : redirect(href(params.title ?? ''));

/** A page with a loader module of its own (`export function loader`) that fetches its first
 *  screen while its code loads (src/lib/first-screen.ts); once per visit of the page (its own
 *  changes of filters and pages fetch as it renders). */
const pageWithData = (
  path: string,
  load: () => Promise<Module>,
  loadLoader: () => Promise<{ loader: LoaderFunction }>,
): RouteObject => ({
  path,
  shouldRevalidate: () => false,
  lazy: { Component: async () => (await load()).default, loader: async () => (await loadLoader()).loader },
});

/** A page whose first screen is read from the device: the read starts while its code loads
 *  (first-screen-loader.ts), once; the page's live queries follow every change after that. */
const mirroredPage = (path: string, load: () => Promise<Module>): RouteObject => ({
  path,
  loader: firstScreenLoader,
  shouldRevalidate: () => false,
  lazy: page(load),
});

const login = () => import('@/features/auth/pages/login');
const register = () => import('@/features/auth/pages/register');

const AUTH: RouteObject[] = [
  {
    Component: GuestGuard,
    loader: sendSignedInOn,
    children: [
      { path: paths.auth.login.path, lazy: page(login) },
      { path: paths.auth.register.path, lazy: page(register) },
    ],
  },
  { path: paths.auth.loginUnprotected.path, lazy: page(login) },
  { path: paths.auth.registerUnprotected.path, lazy: page(register) },
  {
    path: paths.auth.requestAccess.path,
    lazy: page(() => import('@/features/auth/pages/request-access')),
  },
  { path: paths.auth.verify.path, lazy: page(() => import('@/features/auth/pages/verify')) },
  {
    path: paths.auth.resetPassword.path,
    lazy: page(() => import('@/features/auth/pages/reset-password')),
  },
  {
    path: paths.auth.newPassword.path,
    lazy: page(() => import('@/features/auth/pages/new-password')),
  },
];

const DASHBOARD: RouteObject[] = [
  { path: paths.dashboard.root.path, loader: () => redirect(paths.dashboard.app.path) },
  { path: paths.dashboard.home.path, loader: () => redirect(paths.dashboard.app.path) },
  pageWithData(
    paths.dashboard.app.path,
    () => import('@/features/overview/pages/overview'),
    () => import('@/features/overview/pages/overview-loader'),
  ),
  { path: paths.dashboard.blank.path, lazy: page(() => import('@/features/overview/pages/blank')) },
  {
    path: paths.dashboard.permissionDenied.path,
    lazy: page(() => import('@/features/overview/pages/permission-denied')),
  },
  // features: add your dashboard pages below this line
  {
    path: paths.dashboard.user.root.path,
    loader: () => redirect(paths.dashboard.user.profile.path),
  },
  {
    path: paths.dashboard.user.profile.path,
    lazy: page(() => import('@/features/user/pages/profile')),
  },
  {
    path: paths.dashboard.user.account.path,
    lazy: page(() => import('@/features/user/pages/account')),
  },
  {
    path: paths.dashboard.user.list.path,
    lazy: page(() => import('@/features/user/pages/user-list')),
  },
  {
    path: paths.dashboard.user.new.path,
    lazy: page(() => import('@/features/user/pages/user-new')),
  },
  {
    path: paths.dashboard.user.cards.path,
    lazy: page(() => import('@/features/user/pages/user-cards')),
  },
  {
    path: paths.dashboard.user.edit.path,
    lazy: page(() => import('@/features/user/pages/user-edit')),
  },
  mirroredPage(paths.dashboard.mail.root.path, () => import('@/features/mail/pages/mail')),
  mirroredPage(paths.dashboard.mail.all.path, () => import('@/features/mail/pages/mail')),
  { path: paths.dashboard.chat.root.path, lazy: page(() => import('@/features/chat/pages/chat')) },
  { path: paths.dashboard.chat.new.path, lazy: page(() => import('@/features/chat/pages/chat')) },
  {
    path: paths.dashboard.chat.conversation.path,
    lazy: page(() => import('@/features/chat/pages/chat')),
  },
  mirroredPage(paths.dashboard.calendar.path, () => import('@/features/calendar/pages/calendar')),
  mirroredPage(paths.dashboard.kanban.path, () => import('@/features/kanban/pages/kanban')),
  pageWithData(
    paths.dashboard.videos.root.path,
    () => import('@/features/catalogue/pages/videos'),
    () => import('@/features/catalogue/pages/videos-loader'),
  ),
  {
    path: paths.dashboard.videos.video.path,
    lazy: page(() => import('@/features/catalogue/pages/video')),
  },
  {
    path: paths.dashboard.clips.path,
    lazy: page(() => import('@/features/catalogue/pages/clips')),
  },
  {
    path: paths.dashboard.favorited.path,
    lazy: page(() => import('@/features/catalogue/pages/favorited')),
  },
  {
    path: paths.dashboard.collections.path,
    lazy: page(() => import('@/features/catalogue/pages/collections')),
  },
  {
    path: paths.dashboard.eCommerce.root.path,
    lazy: page(() => import('@/features/shop/pages/overview')),
  },
  pageWithData(
    paths.dashboard.eCommerce.shop.path,
    () => import('@/features/shop/pages/shop'),
    () => import('@/features/shop/pages/shop-loader'),
  ),
  {
    path: paths.dashboard.eCommerce.list.path,
    lazy: page(() => import('@/features/shop/pages/list')),
  },
  {
    path: paths.dashboard.eCommerce.productNew.path,
    lazy: page(() => import('@/features/shop/pages/product-new')),
  },
  {
    path: paths.dashboard.eCommerce.productEdit.path,
    lazy: page(() => import('@/features/shop/pages/product-edit')),
  },
  pageWithData(
    paths.dashboard.invoice.root.path,
    () => import('@/features/invoice/pages/list'),
    () => import('@/features/invoice/pages/list-loader'),
  ),
  pageWithData(
    paths.dashboard.invoice.list.path,
    () => import('@/features/invoice/pages/list'),
    () => import('@/features/invoice/pages/list-loader'),
  ),
  {
    path: paths.dashboard.invoice.new.path,
    lazy: page(() => import('@/features/invoice/pages/new')),
  },
  {
    path: paths.dashboard.invoice.details.path,
    lazy: page(() => import('@/features/invoice/pages/details')),
  },
  {
    path: paths.dashboard.invoice.edit.path,
    lazy: page(() => import('@/features/invoice/pages/edit')),
  },
  {
    path: paths.dashboard.eCommerce.product.path,
    lazy: page(() => import('@/features/shop/pages/product')),
  },
  {
    path: paths.dashboard.eCommerce.checkout.path,
    lazy: page(() => import('@/features/shop/pages/checkout')),
  },
  { path: paths.dashboard.blog.root.path, lazy: page(() => import('@/features/blog/pages/posts')) },
  {
    path: paths.dashboard.blog.posts.path,
    lazy: page(() => import('@/features/blog/pages/posts')),
  },
  {
    path: paths.dashboard.blog.new.path,
    lazy: page(() => import('@/features/blog/pages/post-new')),
  },
  {
    path: paths.dashboard.blog.post.path,
    loader: visitorsTo(paths.blogPost.href),
    lazy: page(() => import('@/features/blog/pages/post')),
  },
  {
    path: paths.dashboard.blog.edit.path,
    lazy: page(() => import('@/features/blog/pages/post-edit')),
  },
  {
    path: paths.dashboard.banking.path,
    lazy: page(() => import('@/features/banking/pages/banking')),
  },
  {
    path: paths.dashboard.booking.path,
    lazy: page(() => import('@/features/booking/pages/booking')),
  },
  {
    path: paths.dashboard.filesManager.path,
    lazy: page(() => import('@/features/files/pages/files-manager')),
  },
  { path: paths.dashboard.images.path, lazy: page(() => import('@/features/files/pages/images')) },
  {
    path: paths.dashboard.imageUpload.path,
    lazy: page(() => import('@/features/files/pages/image-upload')),
  },
  {
    path: paths.dashboard.downloads.path,
    lazy: page(() => import('@/features/files/pages/downloads')),
  },
  { path: paths.dashboard.file.path, lazy: page(() => import('@/features/files/pages/storage')) },
  // a dashboard path with no page: the 404 inside the frame, with the nav and a way home
  { path: `${paths.dashboard.root.path}/*`, lazy: page(dashboardNotFound) },
];

const PUBLIC: RouteObject[] = [
  { path: paths.page403.path, lazy: page(() => import('@/features/overview/pages/page-403')) },
  { path: paths.page404.path, lazy: page(() => import('@/features/overview/pages/page-404')) },
  { path: paths.page500.path, lazy: page(() => import('@/features/overview/pages/page-500')) },
  // features: add your public pages below this line
  ...MARKETING_PAGES.map((p): RouteObject => ({ path: p.path, lazy: page(p.load) })),
  {
    path: paths.slugVideos.path,
    lazy: page(() => import('@/features/catalogue/pages/channel-videos')),
  },
  { path: paths.blogPost.path, lazy: page(() => import('@/features/blog/pages/public-post')) },
  { path: paths.demo.path, lazy: page(() => import('@/features/booking/pages/demo')) },
  { path: paths.bookCancel.path, lazy: page(() => import('@/features/booking/pages/cancel')) },
  { path: paths.book.path, lazy: page(() => import('@/features/booking/pages/book')) },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RouteError,
    // while a lazy layout and page load (200 ms before the spinner shows)
    HydrateFallback: () => <DelayedLoader minHeight="100vh" />,
    children: [
      { index: true, loader: () => redirect(paths.dashboard.app.path) },
      { path: paths.auth.root.path, loader: () => redirect(paths.auth.login.path) },
      { lazy: page(() => import('./layouts/auth-layout')), children: AUTH },
      {
        Component: AuthGuard,
        loader: requireSession,
        // the session is checked once; later changes reach the guard through the auth store
        shouldRevalidate: () => false,
        children: [
          {
            lazy: appLayout(() => import('./layouts/dashboard-layout')),
            ErrorBoundary: RouteError,
            children: DASHBOARD,
          },
        ],
      },
      {
        lazy: appLayout(() => import('./layouts/simple-layout')),
        children: [
          ...PUBLIC,
          { path: '*', lazy: page(() => import('@/features/overview/pages/page-404')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
