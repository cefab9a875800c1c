// The dashboard navigation, grouped by the sections of docs/product-rules.md#routes. An item is
// listed only once its section is built: a feature adds ONE item (with its own label key from its
// locale file) to the right group when its first page lands. Groups with no items are not shown.
//
//   { key: 'mail', label: 'mail.nav.title', path: paths.dashboard.mail.root.path, icon: IconMail },
//   children (sub-items, 36 px high): [{ key: 'mail-all', label: 'mail.nav.all', path: … }]
//   adminOnly: true → only users with role 'admin' see it.
import {
  IconAppWindow,
  IconBuildingBank,
  IconCalendar,
  IconCalendarTime,
  IconCloudDownload,
  IconDatabase,
  IconFileInvoice,
  IconFolder,
  IconFolders,
  IconHeart,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconLock,
  IconMail,
  IconMessageCircle,
  IconMovie,
  IconNews,
  IconPhoto,
  IconPackages,
  IconScissors,
  IconShoppingBag,
  IconUserCircle,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

import { paths } from '@/config/paths';

export interface NavChild {
  key: string;
  /** i18n key, e.g. 'mail.nav.all' */
  label: string;
  path: string;
}

export interface NavItem extends NavChild {
  icon: Icon;
  children?: NavChild[];
  adminOnly?: boolean;
}

export interface NavGroup {
  key: 'overview' | 'catalogue' | 'apps' | 'management' | 'misc';
  /** i18n key of the group title */
  label: string;
  items: NavItem[];
}

export const navConfig: NavGroup[] = [
  {
    key: 'overview',
    label: 'common.navGroups.overview',
    items: [
      { key: 'app', label: 'common.nav.app', path: paths.dashboard.app.path, icon: IconLayoutDashboard },
      // General: clips, favorited, videos, images, collections, image-upload, banking, booking,
      // file, downloads
      { key: 'banking', label: 'banking.nav.title', path: paths.dashboard.banking.path, icon: IconBuildingBank },
      { key: 'booking', label: 'booking.nav.title', path: paths.dashboard.booking.path, icon: IconCalendarTime },
      {
        key: 'images',
        label: 'files.nav.images',
        path: paths.dashboard.images.path,
        icon: IconPhoto,
        children: [
          { key: 'images-gallery', label: 'files.nav.images', path: paths.dashboard.images.path },
          { key: 'image-upload', label: 'files.nav.imageUpload', path: paths.dashboard.imageUpload.path },
        ],
      },
      { key: 'file', label: 'files.nav.storage', path: paths.dashboard.file.path, icon: IconDatabase },
      { key: 'downloads', label: 'files.nav.downloads', path: paths.dashboard.downloads.path, icon: IconCloudDownload },
    ],
  },
  {
    key: 'catalogue',
    label: 'common.navGroups.catalogue',
    items: [
      // catalogue: videos, clips, favorited, collections
      { key: 'videos', label: 'catalogue.nav.videos', path: paths.dashboard.videos.root.path, icon: IconMovie },
      { key: 'clips', label: 'catalogue.nav.clips', path: paths.dashboard.clips.path, icon: IconScissors },
      { key: 'favorited', label: 'catalogue.nav.favorited', path: paths.dashboard.favorited.path, icon: IconHeart },
      { key: 'collections', label: 'catalogue.nav.collections', path: paths.dashboard.collections.path, icon: IconFolders },
    ],
  },
  {
    key: 'apps',
    label: 'common.navGroups.apps',
    items: [
      // mail, chat, calendar, kanban, files-manager
      {
        key: 'mail',
        label: 'mail.nav.title',
        path: paths.dashboard.mail.root.path,
        icon: IconMail,
        children: [
          { key: 'mail-inbox', label: 'mail.nav.inbox', path: paths.dashboard.mail.root.path },
          { key: 'mail-all', label: 'mail.nav.all', path: paths.dashboard.mail.all.path },
        ],
      },
      { key: 'chat', label: 'chat.nav.title', path: paths.dashboard.chat.root.path, icon: IconMessageCircle },
      { key: 'calendar', label: 'calendar.nav.title', path: paths.dashboard.calendar.path, icon: IconCalendar },
      { key: 'kanban', label: 'kanban.nav.title', path: paths.dashboard.kanban.path, icon: IconLayoutKanban },
      { key: 'files-manager', label: 'files.nav.manager', path: paths.dashboard.filesManager.path, icon: IconFolder },
    ],
  },
  {
    key: 'management',
    label: 'common.navGroups.management',
    items: [
      // user, e-commerce, invoice, blog
      {
        key: 'user',
        label: 'user.nav.title',
        path: paths.dashboard.user.profile.path,
        icon: IconUserCircle,
        children: [
          { key: 'user-profile', label: 'user.nav.profile', path: paths.dashboard.user.profile.path },
          { key: 'user-account', label: 'user.nav.account', path: paths.dashboard.user.account.path },
        ],
      },
      {
        key: 'users',
        label: 'user.nav.list',
        path: paths.dashboard.user.list.path,
        icon: IconUsers,
        adminOnly: true,
        children: [
          { key: 'users-list', label: 'user.nav.listAll', path: paths.dashboard.user.list.path },
          { key: 'users-cards', label: 'user.nav.cards', path: paths.dashboard.user.cards.path },
          { key: 'users-new', label: 'user.nav.new', path: paths.dashboard.user.new.path },
        ],
      },
      {
        key: 'e-commerce',
        label: 'shop.nav.title',
        path: paths.dashboard.eCommerce.root.path,
        icon: IconShoppingBag,
        children: [
          { key: 'e-commerce-overview', label: 'shop.nav.overview', path: paths.dashboard.eCommerce.root.path },
          { key: 'e-commerce-shop', label: 'shop.nav.shop', path: paths.dashboard.eCommerce.shop.path },
          { key: 'e-commerce-checkout', label: 'shop.nav.checkout', path: paths.dashboard.eCommerce.checkout.path },
        ],
      },
      {
        key: 'e-commerce-admin',
        label: 'shop.nav.list',
        path: paths.dashboard.eCommerce.list.path,
        icon: IconPackages,
        adminOnly: true,
      },
      {
        key: 'blog',
        label: 'blog.nav.title',
        path: paths.dashboard.blog.root.path,
        icon: IconNews,
        children: [
          { key: 'blog-posts', label: 'blog.nav.posts', path: paths.dashboard.blog.posts.path },
          { key: 'blog-new', label: 'blog.nav.new', path: paths.dashboard.blog.new.path },
        ],
      },
      {
        key: 'invoice',
        label: 'invoice.nav.title',
        path: paths.dashboard.invoice.root.path,
        icon: IconFileInvoice,
        children: [
          { key: 'invoice-list', label: 'invoice.nav.list', path: paths.dashboard.invoice.list.path },
          { key: 'invoice-new', label: 'invoice.nav.new', path: paths.dashboard.invoice.new.path },
        ],
      },
    ],
  },
  {
    key: 'misc',
    label: 'common.navGroups.misc',
    items: [
      {
        key: 'permission-denied',
        label: 'common.nav.permissionDenied',
        path: paths.dashboard.permissionDenied.path,
        icon: IconLock,
      },
      { key: 'blank', label: 'common.nav.blank', path: paths.dashboard.blank.path, icon: IconAppWindow },
    ],
  },
];

/** The groups and items a user may see (admin-only items hidden from others, empty groups dropped). */
export function visibleNav(role: 'admin' | 'user' | undefined, config: NavGroup[] = navConfig): NavGroup[] {
  return config
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.adminOnly || role === 'admin') }))
    .filter((group) => group.items.length > 0);
}
