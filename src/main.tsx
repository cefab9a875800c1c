// Entry: styles, i18n (the current language's chunk is loaded before the first render so no
// untranslated key ever shows), the initial auth check (not awaited: the sign-in page paints
// at once), then either the small auth app (a first visit to /auth/*: no router, issue 3's
// first-load budget) or the full app under react-router, and — in production only — the
// service worker.
import './app/shell-styles';
import './app/global.css';

import { lazy, startTransition, StrictMode, Suspense, useCallback, useState, useTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { AuthApp, isAuthAppPath } from '@/app/auth-app';
import { AppProvider } from '@/app/provider';
import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { env } from '@/config/env';
import { initializeAuth } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';
import { currentLanguage, initI18n, LANGUAGE_META, loadAppTranslations } from '@/lib/i18n';
import { listenForInstallPrompt } from '@/lib/pwa-install';
import { readSettingsCookie, settingsStore } from '@/lib/settings/settings-store';

listenForInstallPrompt();
// `?ref=` of the page the visitor arrived on, kept before anything renders (the apps capture it
// on later navigations)
captureReferral(window.location.search);

// the app and its strings (the sign-in pages need only the boot strings)
const FullApp = lazy(() => Promise.all([import('@/app/full-app'), loadAppTranslations()]).then(([app]) => app));

/** The dashboard's frame (and the home, the installed app's start page) fetched in parallel
 *  with the app itself: the router would only ask for them once it has loaded. */
function preloadFirstScreen(pathname: string) {
  if (!pathname.startsWith('/dashboard')) return;
  void import('@/app/layouts/dashboard-layout');
  if (/^\/dashboard(\/app)?\/?$/.test(pathname)) void import('@/features/overview/pages/overview');
}

function App() {
  const [authApp, setAuthApp] = useState(() => {
    const auth = isAuthAppPath(window.location.pathname);
    if (!auth) preloadFirstScreen(window.location.pathname);
    return auth;
  });
  const [, startTransition] = useTransition();
  // the auth page stays on screen until the full app can render
  const leaveAuthApp = useCallback(() => startTransition(() => setAuthApp(false)), []);
  if (authApp) return <AuthApp onLeave={leaveAuthApp} />;
  return (
    <Suspense fallback={<DelayedLoader minHeight="100vh" />}>
      <FullApp />
    </Suspense>
  );
}

async function start() {
  await initI18n();
  // Arabic is right-to-left even when the settings cookie has expired
  if (!readSettingsCookie()) {
    const dir = LANGUAGE_META[currentLanguage()].dir;
    if (dir !== settingsStore.getState().direction) settingsStore.set('direction', dir);
  }
  void initializeAuth();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // a transition: React renders the first screen in slices, yielding to the browser between
  // them, instead of one long task (the boot screen stays until the page is ready)
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <App />
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
