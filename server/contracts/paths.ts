// Every route of the product (docs/product-rules.md#routes) as `{ path, href() }`: `path` is the
// pattern the client's router registers, `href()` builds a link (parameters are URL-encoded). Link
// with `href()`, never with a hand-written string, so a renamed route breaks the type check, not
// the user. The table lives here, among the contracts, because the server answers navigations by it
// too (server/static.ts): a path no route matches is a 404, the error pages their own status, while
// the app still renders its error view. The client imports it through src/config/paths.ts.

export interface Route {
  path: string;
  href: () => string;
}

export interface ParamRoute<A extends string[]> {
  path: string;
  href: (...args: A) => string;
}

const route = (path: string): Route => ({ path, href: () => path });
const enc = encodeURIComponent;

export const paths = {
  root: route('/'),

  auth: {
    root: route('/auth'),
    login: {
      path: '/auth/login',
      /** `returnTo`: where to go after signing in (a path inside the app). */
      href: (returnTo?: string) =>
        returnTo ? `/auth/login?returnTo=${enc(returnTo)}` : '/auth/login',
    },
    register: route('/auth/register'),
    requestAccess: route('/auth/request-access'),
    loginUnprotected: route('/auth/login-unprotected'),
    registerUnprotected: route('/auth/register-unprotected'),
    verify: route('/auth/verify'),
    resetPassword: route('/auth/reset-password'),
    newPassword: route('/auth/new-password'),
  },

  comingSoon: route('/coming-soon'),
  maintenance: route('/maintenance'),
  pricing: route('/pricing'),
  demo: route('/demo'),
  payment: route('/payment'),
  aboutUs: route('/about-us'),
  contactUs: route('/contact-us'),
  support: route('/support'),
  page403: route('/403'),
  page404: route('/404'),
  page500: route('/500'),
  integrationComplete: route('/integration-complete'),
  components: route('/components'),
  legal: {
    sla: route('/legal/sla'),
    terms: route('/legal/terms'),
    privacy: route('/legal/privacy'),
  },
  /** The public catalogue of one user: /{slug}/videos */
  slugVideos: {
    path: '/:slug/videos',
    href: (slug: string) => `/${enc(slug)}/videos`,
  } satisfies ParamRoute<[string]>,

  /** A user's public booking page (signed in or out). */
  book: {
    path: '/book/:slug',
    href: (slug: string) => `/book/${enc(slug)}`,
  } satisfies ParamRoute<[string]>,
  /** The cancel link of a booking (the code comes in the confirmation mail). */
  bookCancel: {
    path: '/book/cancel',
    href: (code: string) => `/book/cancel?code=${enc(code)}`,
  } satisfies ParamRoute<[string]>,

  /** A published blog post, readable signed out (the dashboard's post page sends visitors here). */
  blogPost: {
    path: '/blog/post/:title',
    href: (title: string) => `/blog/post/${enc(title)}`,
  } satisfies ParamRoute<[string]>,

  dashboard: {
    root: route('/dashboard'),
    /** The post-login home. */
    app: route('/dashboard/app'),
    home: route('/dashboard/home'),
    kanban: route('/dashboard/kanban'),
    calendar: route('/dashboard/calendar'),
    filesManager: route('/dashboard/files-manager'),
    permissionDenied: route('/dashboard/permission-denied'),
    blank: route('/dashboard/blank'),
    clips: route('/dashboard/clips'),
    favorited: route('/dashboard/favorited'),
    videos: {
      root: route('/dashboard/videos'),
      video: {
        path: '/dashboard/videos/:videoId',
        href: (videoId: string) => `/dashboard/videos/${enc(videoId)}`,
      } satisfies ParamRoute<[string]>,
    },
    images: route('/dashboard/images'),
    collections: route('/dashboard/collections'),
    imageUpload: route('/dashboard/image-upload'),
    banking: route('/dashboard/banking'),
    booking: route('/dashboard/booking'),
    file: route('/dashboard/file'),
    downloads: route('/dashboard/downloads'),
    mail: {
      root: route('/dashboard/mail'),
      all: route('/dashboard/mail/all'),
    },
    chat: {
      root: route('/dashboard/chat'),
      new: route('/dashboard/chat/new'),
      conversation: {
        path: '/dashboard/chat/:conversationKey',
        href: (conversationKey: string) => `/dashboard/chat/${enc(conversationKey)}`,
      } satisfies ParamRoute<[string]>,
    },
    user: {
      root: route('/dashboard/user'),
      new: route('/dashboard/user/new'),
      list: route('/dashboard/user/list'),
      cards: route('/dashboard/user/cards'),
      profile: route('/dashboard/user/profile'),
      account: route('/dashboard/user/account'),
      edit: {
        path: '/dashboard/user/:name/edit',
        href: (name: string) => `/dashboard/user/${enc(name)}/edit`,
      } satisfies ParamRoute<[string]>,
    },
    eCommerce: {
      root: route('/dashboard/e-commerce'),
      shop: route('/dashboard/e-commerce/shop'),
      list: route('/dashboard/e-commerce/list'),
      checkout: route('/dashboard/e-commerce/checkout'),
      productNew: route('/dashboard/e-commerce/product/new'),
      product: {
        path: '/dashboard/e-commerce/product/:name',
        href: (name: string) => `/dashboard/e-commerce/product/${enc(name)}`,
      } satisfies ParamRoute<[string]>,
      productEdit: {
        path: '/dashboard/e-commerce/product/:name/edit',
        href: (name: string) => `/dashboard/e-commerce/product/${enc(name)}/edit`,
      } satisfies ParamRoute<[string]>,
    },
    invoice: {
      root: route('/dashboard/invoice'),
      list: route('/dashboard/invoice/list'),
      new: route('/dashboard/invoice/new'),
      details: {
        path: '/dashboard/invoice/:id',
        href: (id: string) => `/dashboard/invoice/${enc(id)}`,
      } satisfies ParamRoute<[string]>,
      edit: {
        path: '/dashboard/invoice/:id/edit',
        href: (id: string) => `/dashboard/invoice/${enc(id)}/edit`,
      } satisfies ParamRoute<[string]>,
    },
    blog: {
      root: route('/dashboard/blog'),
      posts: route('/dashboard/blog/posts'),
      new: route('/dashboard/blog/new'),
      post: {
        path: '/dashboard/blog/post/:title',
        href: (title: string) => `/dashboard/blog/post/${enc(title)}`,
      } satisfies ParamRoute<[string]>,
      edit: {
        path: '/dashboard/blog/post/:title/edit',
        href: (title: string) => `/dashboard/blog/post/${enc(title)}/edit`,
      } satisfies ParamRoute<[string]>,
    },
  },
} as const;

function patternsOf(node: object): string[] {
  if ('path' in node && typeof node.path === 'string') return [node.path];
  return Object.values(node).flatMap((child) =>
    child && typeof child === 'object' ? patternsOf(child as object) : [],
  );
}

/** Every route pattern of the table (`/pricing`, `/book/:slug`, `/dashboard/invoice/:id/edit`).
 *  Computed on first use, so the app's bundles, which only link, carry no work for it. */
export function routePatterns(): readonly string[] {
  return patternsOf(paths);
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);
let patternSegments: string[][] | null = null;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Whether the client's router has a page at `pathname`, the URL's path as sent (still
 * percent-encoded, so an encoded `/` stays inside its segment), matched as react-router matches:
 * segment by segment, a `:param` any one non-empty segment, other segments case-insensitive and
 * decoded, empty segments and a trailing slash ignored. The router's catch-alls (`*`, the
 * dashboard's `/dashboard/*` in-frame 404) are pages for no path here.
 */
export function matchesRoute(pathname: string): boolean {
  const segments = segmentsOf(pathname).map(decoded);
  if (segments.some((s) => s === null)) return false;
  patternSegments ??= routePatterns().map(segmentsOf);
  return patternSegments.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every(
        (part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase(),
      ),
  );
}

/** The HTTP status of a page navigation to `pathname` (as in `matchesRoute`): the error pages
 *  answer their own code, a path no route matches 404 (unknown dashboard paths included), every
 *  other page 200. */
export function navigationStatus(pathname: string): 200 | 403 | 404 | 500 {
  const page = `/${segmentsOf(pathname).join('/')}`.toLowerCase();
  if (page === paths.page403.path) return 403;
  if (page === paths.page404.path) return 404;
  if (page === paths.page500.path) return 500;
  return matchesRoute(pathname) ? 200 : 404;
}
