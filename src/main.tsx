// Entry: styles, i18n (the current language's chunk is loaded before the first render so no
// untranslated key ever shows), the initial auth check (not awaited: the sign-in page paints
// at once), the router, and — in production only — the service worker.
import './app/shell-styles';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { env } from '@/config/env';
import { initializeAuth } from '@/lib/auth/auth-store';
import { currentLanguage, initI18n, LANGUAGE_META } from '@/lib/i18n';
import { listenForInstallPrompt } from '@/lib/pwa-install';
import { readSettingsCookie, settingsStore } from '@/lib/settings/settings-store';

listenForInstallPrompt();

async function start() {
  await initI18n();
  // Arabic is right-to-left even when the settings cookie has expired
  if (!readSettingsCookie()) {
    const dir = LANGUAGE_META[currentLanguage()].dir;
    if (dir !== settingsStore.getState().direction) settingsStore.set('direction', dir);
  }
  void initializeAuth();
  const router = createAppRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  if (env.PROD && 'serviceWorker' in navigator) {
    // after the page has loaded: the worker's precache download never competes with it
    const register = () => void import('@/app/pwa').then((m) => m.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

void start();
