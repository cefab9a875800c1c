// Entry: Mantine's stylesheet and ours, the session check (started first, not awaited), i18n
// (the current language's strings load before the first render, so no untranslated key ever
// shows), the one router (src/app/router.tsx) and — in production only — the service worker.
// The first render waits until the router has loaded the first page's code and data: the boot
// screen of index.html, or a public page prerendered at build time (#root[data-prerendered],
// docs/performance.md), stays on screen meanwhile and is replaced by the page in one render.
import './lib/zod-jitless';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import './app/mirror-stores';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App, prepareApp } from '@/app/app';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { initializeAuth } from '@/lib/auth/auth-store';
import { captureReferral } from '@/lib/auth/referral';
import { currentLanguage, initI18n, LANGUAGE_META, warmFormatters } from '@/lib/i18n';
import { setMaintenance } from '@/lib/maintenance';
import { listenForInstallPrompt } from '@/lib/pwa-install';
import { readSettingsCookie, settingsStore } from '@/lib/settings/settings-store';
import { yieldToMain } from '@/lib/yield-to-main';

listenForInstallPrompt();
// `?ref=` of the page the visitor arrived on (the root route captures it on later navigations)
captureReferral(window.location.search);
void initializeAuth();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// the server's maintenance page, sent in place of the page asked for
if (container.dataset.prerendered === paths.maintenance.path && window.location.pathname !== paths.maintenance.path)
  setMaintenance(true);

async function start(container: HTMLElement) {
  // each phase of the start in a task of its own (the code's evaluation was the first)
  await yieldToMain();
  const strings = initI18n();
  await yieldToMain();
  // in a task of its own, while the first page's code and data download
  void strings.then(() => setTimeout(warmFormatters, 0));
  await Promise.all([strings, prepareApp()]);
  // Arabic is right-to-left even when the settings cookie has expired
  if (!readSettingsCookie()) settingsStore.set('direction', LANGUAGE_META[currentLanguage()].dir);
  const root = createRoot(container);
  // a transition: React renders the first screen in slices, yielding to the browser between them
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start(container);

if (env.PROD && 'serviceWorker' in navigator) {
  // after the page has loaded: the worker's precache download never competes with it
  const register = () => void import('@/app/pwa').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
