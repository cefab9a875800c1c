// One render helper for component tests: Mantine (theme from the settings), TanStack Query
// (a fresh client per test, no retries), i18n (English loaded once) and a memory router.
//   const { user } = await renderWithProviders(<MyPage />, { route: '/dashboard/mail' });
// Pass `routes` to render a small route table instead of a single element.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { changeLanguage, initI18n, loadAppTranslations, type Language } from '@/lib/i18n';
import { settingsStore } from '@/lib/settings/settings-store';
import { buildTheme } from '@/lib/settings/theme';

export interface ProvidersOptions {
  route?: string;
  routes?: RouteObject[];
  language?: Language;
  queryClient?: QueryClient;
  renderOptions?: Omit<RenderOptions, 'wrapper'>;
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const settings = settingsStore.getState();
  const { t } = useTranslation();
  return (
    <MantineProvider theme={buildTheme(settings, t('common.actions.close'))} forceColorScheme={settings.mode}>
      <Notifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export async function renderWithProviders(ui: ReactElement | null, options: ProvidersOptions = {}) {
  await initI18n('en');
  await loadAppTranslations();
  if (options.language) await changeLanguage(options.language);
  const queryClient = options.queryClient ?? createTestQueryClient();
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const user = userEvent.setup();
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
    options.renderOptions,
  );
  return { ...result, user, router, queryClient };
}
