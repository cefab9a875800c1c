// The service worker (vite-plugin-pwa injectManifest fills `self.__WB_MANIFEST`).
// - precaches the shell, every page chunk and every locale chunk, so the app and the sign-in
//   page open with no network after one online visit;
// - navigations fall back to the cached index.html, except /api and /trpc (those must reach
//   the server or fail, never get HTML), and the prerendered public pages get their own HTML;
// - a public blog post (/blog/post/{slug}) is the server's page (server/blog/public-page.ts):
//   network first, a copy kept for offline reading, the cached shell when neither answers;
// - a new version waits: the page shows "new version available — reload" and only then
//   posts { type: 'SKIP_WAITING' } (no code swapped under the user).
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// a prerendered public page (/pricing → pricing/index.html) is served from the precache too
precacheAndRoute(self.__WB_MANIFEST, {
  urlManipulation: ({ url }) => (url.pathname.endsWith('/') ? [] : [new URL(`${url.pathname}/index.html`, url.href)]),
});
cleanupOutdatedCaches();

const BLOG_POST = /^\/blog\/post\/[^/]+\/?$/;
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && BLOG_POST.test(url.pathname),
  new NetworkFirst({
    cacheName: 'blog-posts',
    networkTimeoutSeconds: 10,
    // the page varies by language and cookie, headers a navigation's request here lacks
    matchOptions: { ignoreVary: true },
    plugins: [
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 30 * 86_400 }),
      // offline and never read here: the app's shell, whose post page says it is offline
      { handlerDidError: async () => (await matchPrecache('index.html')) ?? Response.error() },
    ],
  }),
);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/trpc(\/|$)/, /^\/healthz$/],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open page at once (nothing to swap yet); updates wait (above).
clientsClaim();

// ---- Background sync (owned by the sync engineer) -------------------------------------
// The outbox replay trigger (Background Sync, tag clipdeck-outbox):
import './background-sync';
// ---------------------------------------------------------------------------------------
