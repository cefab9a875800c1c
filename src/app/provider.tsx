// Everything every page needs around it: Mantine (theme from the settings, colour scheme and
// direction), the one TanStack Query client (its cache persisted to localStorage, restored
// before the first render: src/lib/query-client.ts), notifications and the app error boundary.
// i18n is initialised before the first render (main.tsx); the notifications viewport loads
// when the first one is shown.
import {
  DirectionProvider,
  MantineProvider,
  useDirection,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorBoundary } from '@/components/feedback/error-boundary';
import { FatalError } from '@/components/feedback/fatal-error';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@/config/env';
import { LANGUAGE_META, onLanguageChange } from '@/lib/i18n';
import { onNotificationsRequested } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { settingsStore } from '@/lib/settings/settings-store';
import { buildTheme } from '@/lib/settings/theme';
import { useSettings } from '@/lib/settings/use-settings';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

// Choosing Arabic sets rtl, any other language ltr (docs/product-rules.md#theme-settings).
onLanguageChange((lng) => settingsStore.set('direction', LANGUAGE_META[lng].dir));

/** The colour scheme lives in the settings cookie (applied by src/app/theme-init.js before any
 *  script of ours runs). Mantine's own manager reads its localStorage key instead, and its
 *  first layout effect set that ('light') on the page until the forced scheme's effect ran:
 *  a flash of light on a dark page. This one answers from the settings. */
const settingsColorScheme: MantineColorSchemeManager = {
  get: () => settingsStore.getState().mode,
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

function DocumentSettings() {
  const { settings } = useSettings();
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(settings.direction);
    const root = document.documentElement;
    root.dir = settings.direction;
    root.dataset.contrast = settings.contrast;
    root.dataset.layout = settings.layout;
  }, [settings.direction, settings.contrast, settings.layout, setDirection]);
  return null;
}

/** Top right, at most 5, auto-hide 3000 ms (docs/product-rules.md#notifications); mounted
 *  once there is one to show. */
function NotificationsViewport() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onNotificationsRequested(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position="top-right"
        limit={NOTIFICATION_LIMIT}
        autoClose={NOTIFICATION_AUTO_CLOSE_MS}
        zIndex={2000}
      />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const { t } = useTranslation();
  const closeLabel = t('common.actions.close');
  const theme = useMemo(
    () => buildTheme({ preset: settings.preset, contrast: settings.contrast }, closeLabel),
    [settings.preset, settings.contrast, closeLabel],
  );
  return (
    <DirectionProvider initialDirection={settings.direction} detectDirection={false}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={settingsColorScheme}
        forceColorScheme={settings.mode}
      >
        <DocumentSettings />
        <NotificationsViewport />
        <ErrorBoundary
          fallback={({ error, reset }) => <FatalError error={error} onReset={reset} />}
        >
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ErrorBoundary>
      </MantineProvider>
    </DirectionProvider>
  );
}
