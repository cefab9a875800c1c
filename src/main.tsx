// Entry: styles, the initial auth check (started first, not awaited: the sign-in page paints
// at once), i18n (the current language's chunk is loaded before the first render so no
// untranslated key ever shows), then either the small start app (a first visit to /auth/* or
// to the dashboard home: no router, issue 3's first-load budgets) or the full app under
// react-router, and — in production only — the service worker. A public page prerendered at
// build time (#root[data-prerendered], scripts/prerender/) is on screen before any of this: the
// full app takes it over in one render once its code and strings are loaded, never showing a
// spinner in between. The server's maintenance page turns the app's maintenance mode on.
import './app/shell-styles';
import './app/global.css';

import {
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useCallback,
  useEffect,
  useState,
  useTransition,
  type ComponentType,
} from 'react';
import { createRoot } from 'react-dom/client';

import { AppProvider } from '@/app/provider';
import { isHomePath, isStartAppPath, loadHome, StartApp } from '@/app/start-app';
import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { initializeAuth } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';
import { currentLanguage, initI18n, LANGUAGE_META, loadAppTranslations, warmFormatters } from '@/lib/i18n';
import { maintenanceStore, setMaintenance } from '@/lib/maintenance';
import { listenForInstallPrompt } from '@/lib/pwa-install';
import { readSettingsCookie, settingsStore } from '@/lib/settings/settings-store';

listenForInstallPrompt();
// `?ref=` of the page the visitor arrived on, kept before anything renders (the apps capture it
// on later navigations)
captureReferral(window.location.search);

// the app and its strings (the sign-in pages need only the boot strings), for a visitor leaving
// the start app; start() loads it before the first render otherwise
const FullApp = lazy(() => loadFullApp().then((Component) => ({ default: Component })));

/** The mirrored pages whose first screen is read as the app boots (app/first-reads.ts). */
const FIRST_READ_PAGES = [
  paths.dashboard.kanban.path,
  paths.dashboard.calendar.path,
  paths.dashboard.mail.root.path,
  paths.dashboard.mail.all.path,
];

/** The first screen's code fetched before anything renders: the home's (the installed app's
 *  start page) while the session is checked; for another dashboard page, its frame in parallel
 *  with the app itself (the router would only ask for it once it has loaded). */
function preloadFirstScreen(pathname: string) {
  if (!pathname.startsWith('/dashboard')) return;
  if (isHomePath(pathname)) void loadHome();
  else {
    void import('@/app/layouts/dashboard-layout');
    // the full app shows this page (not the start app): its router is made as soon as its code
    // has run and starts loading the page's lazy routes, instead of once start() has the boot's
    // strings in
    if (!prerendered) void import('@/app/full-app').then((m) => m.prepareFullApp());
  }
  // a mirrored page: the database opens and its first screen is read while its code loads
  if (FIRST_READ_PAGES.includes(pathname.replace(/\/+$/, '')))
    void import('@/app/first-reads').then((m) => m.startFirstReads(window.location));
}

/** The path of the page the server sent prerendered, if it did. */
const prerendered = document.getElementById('root')?.dataset.prerendered ?? null;
// the server's maintenance page, sent in place of the page asked for
if (prerendered === paths.maintenance.path && window.location.pathname !== paths.maintenance.path) setMaintenance(true);

/** `ReadyFullApp`: the full app, already loaded with its first page (start() below). */
function App({ ReadyFullApp }: { ReadyFullApp: ComponentType | null }) {
  const [startApp, setStartApp] = useState(
    () => !ReadyFullApp && !maintenanceStore.get() && isStartAppPath(window.location.pathname),
  );
  const [leaving, startTransition] = useTransition();
  // the start app's page stays on screen until the full app can render the next one
  const leaveStartApp = useCallback(() => startTransition(() => setStartApp(false)), []);
  // the prerendered page is now the app's (tests wait for this)
  useEffect(() => {
    if (ReadyFullApp) document.getElementById('root')?.removeAttribute('data-prerendered');
  }, [ReadyFullApp]);
  // the maintenance page is the full app's
  useEffect(
    () => maintenanceStore.subscribe(() => maintenanceStore.get() && leaveStartApp()),
    [leaveStartApp],
  );
  if (startApp) return <StartApp onLeave={leaveStartApp} leaving={leaving} />;
  if (ReadyFullApp) return <ReadyFullApp />;
  return (
    <Suspense fallback={<DelayedLoader minHeight="100vh" />}>
      <FullApp />
    </Suspense>
  );
}

/** The full app with its first page's routes and the app's strings, ready to render. */
async function loadFullApp(): Promise<ComponentType> {
  const [fullApp] = await Promise.all([import('@/app/full-app'), loadAppTranslations()]);
  await fullApp.prepareFullApp();
  return fullApp.default;
}

async function start() {
  void initializeAuth();
  // in tasks of their own, not in the one that evaluated the app's code: each is tens of
  // milliseconds on a phone (the preload links of the first screen's chunks; the number and
  // date formatters, which the dashboard's pages use and the sign-in pages do not)
  setTimeout(() => preloadFirstScreen(window.location.pathname), 0);
  await initI18n();
  if (window.location.pathname.startsWith('/dashboard')) setTimeout(warmFormatters, 0);
  // Arabic is right-to-left even when the settings cookie has expired
  if (!readSettingsCookie()) {
    const dir = LANGUAGE_META[currentLanguage()].dir;
    if (dir !== settingsStore.getState().direction) settingsStore.set('direction', dir);
  }
  // The full app's page is loaded before the first render, not under a Suspense fallback: a
  // boundary that has shown its fallback holds the content that replaces it until 300 ms after
  // (React's fallback throttle), which an offline page paid in full, idle. The boot screen of
  // index.html stays meanwhile. A prerendered page waits the same way, to be replaced at once.
  let ReadyFullApp: ComponentType | null = null;
  if (prerendered || (!maintenanceStore.get() && !isStartAppPath(window.location.pathname))) {
    ReadyFullApp = await loadFullApp().catch(() => null); // (then it loads under the fallback)
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // a transition: React renders the first screen in slices, yielding to the browser between
  // them, instead of one long task (the boot screen stays until the page is ready)
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <App ReadyFullApp={ReadyFullApp} />
        </AppProvider>
      </StrictMode>,
    ),
  );
  if (env.PROD && 'serviceWorker' in navigator) {
    // after the page has loaded: the worker's precache download never competes with it
    const register = () => void import('@/app/pwa').then((m) => m.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

void start();
