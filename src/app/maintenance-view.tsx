// What the app shows in place of every page while the server is under maintenance
// (src/lib/maintenance.ts): the simple layout's frame with the maintenance page. Loaded on first
// need; the app loads it before the first render when the document is the server's maintenance
// page, so the prerendered page is replaced by the same page, not by a spinner.
import { lazy, Suspense, type ComponentType } from 'react';

import { DelayedLoader } from '@/components/feedback/delayed-loader';
import { loadMaintenancePage } from '@/features/marketing/routes';
import { loadAppTranslations } from '@/lib/i18n';

let loaded: ComponentType | null = null;

export async function loadMaintenanceView(): Promise<ComponentType> {
  const [{ default: SimpleLayout }, { default: MaintenancePage }] = await Promise.all([
    import('./layouts/simple-layout'),
    loadMaintenancePage(),
    loadAppTranslations(),
  ]);
  loaded ??= function Maintenance() {
    return (
      <SimpleLayout>
        <MaintenancePage />
      </SimpleLayout>
    );
  };
  return loaded;
}

const LazyView = lazy(async () => ({ default: await loadMaintenanceView() }));

export function MaintenanceView() {
  const Loaded = loaded;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<DelayedLoader minHeight="100vh" />}>
      <LazyView />
    </Suspense>
  );
}
