// Everything every page needs around it: Mantine (theme from the settings, colour scheme and
// direction), notifications, TanStack Query (persisted to localStorage), the app error boundary.
// i18n is initialised before the first render (main.tsx), so no provider is needed for it.
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect, useMemo, type ReactNode } from 'react';

import { ErrorBoundary } from '@/components/feedback/error-boundary';
import { FatalError } from '@/components/feedback/fatal-error';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@/config/env';
import { LANGUAGE_META, onLanguageChange } from '@/lib/i18n';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE, queryClient, queryPersister } from '@/lib/query-client';
import { settingsStore } from '@/lib/settings/settings-store';
import { buildTheme } from '@/lib/settings/theme';
import { useSettings } from '@/lib/settings/use-settings';

// Choosing Arabic sets rtl, any other language ltr (spec point 4).
onLanguageChange((lng) => settingsStore.set('direction', LANGUAGE_META[lng].dir));

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

export function AppProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const theme = useMemo(
    () => buildTheme({ preset: settings.preset, contrast: settings.contrast }),
    [settings.preset, settings.contrast],
  );
  return (
    <DirectionProvider initialDirection={settings.direction} detectDirection={false}>
      <MantineProvider theme={theme} forceColorScheme={settings.mode}>
        <DocumentSettings />
        <Notifications
          position="top-right"
          limit={NOTIFICATION_LIMIT}
          autoClose={NOTIFICATION_AUTO_CLOSE_MS}
          zIndex={2000}
        />
        <ErrorBoundary fallback={({ error, reset }) => <FatalError error={error} onReset={reset} />}>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={{
              persister: queryPersister,
              buster: QUERY_CACHE_BUSTER,
              maxAge: QUERY_CACHE_MAX_AGE,
            }}
          >
            {children}
          </PersistQueryClientProvider>
        </ErrorBoundary>
      </MantineProvider>
    </DirectionProvider>
  );
}
