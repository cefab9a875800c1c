// What each route loads on a first visit, as source modules the build manifest names, and its
// budget: the one table `npm run size` (.size-limit.ts) and the Lighthouse bench
// (lighthouse.bench.ts) read. It is kept by hand next to them rather than read out of
// src/app/router.tsx, because reading it out would mean parsing the router's source; routes.test.ts
// checks that it lists every dashboard path of src/config/paths.ts and only modules that exist.
//
// A route's first load (first-load.ts) is the entry's static imports, plus the static imports of
// each module in `modules` (each one a page, layout or other lazy module: a key of the manifest),
// plus those of each chunk named in `chunks` (a chunk that vite.config.ts's `codeSplitting`
// groups build out of several modules, so the manifest knows it by its name only), with their
// CSS. When a page moves into or out of such a group, the size check fails and says which
// module or chunk it could not find: update this table.
//
// `limit` is the gzip budget of those files (JS and CSS), checked in CI by size-limit.
import { paths } from '../../src/config/paths.ts';

export interface FirstLoadRoute {
  /** A path pattern of src/config/paths.ts. */
  route: string;
  /** Source modules the route loads first (manifest keys: lazy pages, layouts, the full app). */
  modules: string[];
  /** Chunks the route loads first, by the name vite.config.ts's `codeSplitting` gives them. */
  chunks: string[];
  /** The gzip budget of the route's first-load JS and CSS, in size-limit's notation. */
  limit: string;
}

/** The sign-in page: the auth layout and the page, lazy routes of the one router. */
const SIGNED_OUT: FirstLoadRoute[] = [
  {
    route: paths.auth.login.path,
    modules: ['src/app/layouts/auth-layout.tsx', 'src/features/auth/pages/login.tsx'],
    chunks: [],
    limit: '390 kB',
  },
];

/** The app's English strings, loaded with the dashboard's frame (src/app/router.tsx). */
const APP_STRINGS = 'locale-en';

/** A dashboard page (`src/features/<page>.tsx`): the dashboard's frame, the page and the app's
 *  strings, lazy routes of the one router. `kB`: its budget. */
const dashboardPage = (route: string, page: string, kB: number): FirstLoadRoute => ({
  route,
  modules: ['src/app/layouts/dashboard-layout.tsx', `src/features/${page}.tsx`],
  chunks: [APP_STRINGS],
  limit: `${kB} kB`,
});

/** The dashboard home, the installed app's start page. */
const HOME = dashboardPage(paths.dashboard.app.path, 'overview/pages/overview', 380);

const d = paths.dashboard;
const DASHBOARD: FirstLoadRoute[] = [
  HOME,
  dashboardPage(d.blank.path, 'overview/pages/blank', 375),
  dashboardPage(d.permissionDenied.path, 'overview/pages/permission-denied', 375),
  dashboardPage(d.user.profile.path, 'user/pages/profile', 375),
  dashboardPage(d.user.account.path, 'user/pages/account', 390),
  dashboardPage(d.user.list.path, 'user/pages/user-list', 385),
  dashboardPage(d.user.new.path, 'user/pages/user-new', 415),
  dashboardPage(d.user.cards.path, 'user/pages/user-cards', 410),
  dashboardPage(d.user.edit.path, 'user/pages/user-edit', 425),
  dashboardPage(d.mail.root.path, 'mail/pages/mail', 435),
  dashboardPage(d.mail.all.path, 'mail/pages/mail', 435),
  dashboardPage(d.chat.root.path, 'chat/pages/chat', 425),
  dashboardPage(d.chat.new.path, 'chat/pages/chat', 425),
  dashboardPage(d.chat.conversation.path, 'chat/pages/chat', 425),
  dashboardPage(d.calendar.path, 'calendar/pages/calendar', 540),
  dashboardPage(d.kanban.path, 'kanban/pages/kanban', 490),
  dashboardPage(d.videos.root.path, 'catalogue/pages/videos', 405),
  dashboardPage(d.videos.video.path, 'catalogue/pages/video', 435),
  dashboardPage(d.clips.path, 'catalogue/pages/clips', 440),
  dashboardPage(d.favorited.path, 'catalogue/pages/favorited', 440),
  dashboardPage(d.collections.path, 'catalogue/pages/collections', 440),
  dashboardPage(d.eCommerce.root.path, 'shop/pages/overview', 540),
  dashboardPage(d.eCommerce.shop.path, 'shop/pages/shop', 385),
  dashboardPage(d.eCommerce.list.path, 'shop/pages/list', 410),
  dashboardPage(d.eCommerce.checkout.path, 'shop/pages/checkout', 470),
  dashboardPage(d.eCommerce.productNew.path, 'shop/pages/product-new', 570),
  dashboardPage(d.eCommerce.product.path, 'shop/pages/product', 475),
  dashboardPage(d.eCommerce.productEdit.path, 'shop/pages/product-edit', 575),
  dashboardPage(d.invoice.root.path, 'invoice/pages/list', 440),
  dashboardPage(d.invoice.list.path, 'invoice/pages/list', 440),
  dashboardPage(d.invoice.new.path, 'invoice/pages/new', 460),
  dashboardPage(d.invoice.details.path, 'invoice/pages/details', 415),
  dashboardPage(d.invoice.edit.path, 'invoice/pages/edit', 460),
  dashboardPage(d.blog.root.path, 'blog/pages/posts', 415),
  dashboardPage(d.blog.posts.path, 'blog/pages/posts', 415),
  dashboardPage(d.blog.new.path, 'blog/pages/post-new', 575),
  dashboardPage(d.blog.post.path, 'blog/pages/post', 425),
  dashboardPage(d.blog.edit.path, 'blog/pages/post-edit', 580),
  dashboardPage(d.banking.path, 'banking/pages/banking', 535),
  dashboardPage(d.booking.path, 'booking/pages/booking', 560),
  dashboardPage(d.filesManager.path, 'files/pages/files-manager', 445),
  dashboardPage(d.images.path, 'files/pages/images', 380),
  dashboardPage(d.imageUpload.path, 'files/pages/image-upload', 435),
  dashboardPage(d.downloads.path, 'files/pages/downloads', 410),
  dashboardPage(d.file.path, 'files/pages/storage', 545),
];

export const FIRST_LOAD_ROUTES: FirstLoadRoute[] = [...SIGNED_OUT, ...DASHBOARD];

/** Dashboard paths that only redirect (src/app/router.tsx): measured at their target. */
export const DASHBOARD_REDIRECTS: Record<string, string> = {
  [d.root.path]: d.app.path,
  [d.home.path]: d.app.path,
  [d.user.root.path]: d.user.profile.path,
};

/** Every path pattern under `paths.dashboard`, in the order src/config/paths.ts lists them. */
export function dashboardPaths(): string[] {
  const found: string[] = [];
  const walk = (node: object) => {
    if ('path' in node && typeof node.path === 'string') found.push(node.path);
    for (const value of Object.values(node))
      if (value && typeof value === 'object') walk(value as object);
  };
  walk(paths.dashboard);
  return found;
}
