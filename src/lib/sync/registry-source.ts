// Where the sync registry comes from, in a module small enough for any chunk: src/app composes
// the registry (features -> app), src/lib may not import app, so the app provides a loader and
// whoever needs the registry first (the database opening, the engine) asks for it here. The
// loaded module installs it (registry.ts `installSyncRegistry`), which settles every wait.
import type { SyncRegistry } from './registry';

let installed: SyncRegistry | null = null;
let loader: (() => Promise<unknown>) | null = null;
let wanted = false;
const waiting: { resolve: (registry: SyncRegistry) => void; reject: (error: unknown) => void }[] = [];

function startLoading() {
  const load = loader;
  if (!load || installed) return;
  loader = null;
  load().catch((error: unknown) => {
    // a failed chunk load (offline before the app was cached) may be asked for again; who
    // waits now is told (a save fails with an error) rather than waiting for ever
    loader ??= load;
    for (const { reject } of waiting.splice(0)) reject(error);
  });
}

/** src/app: how to load (and thereby install) the composed registry. */
export function provideSyncRegistry(load: () => Promise<unknown>) {
  loader = load;
  if (wanted) startLoading();
}

/** The installed registry; loads it through the provided loader, or waits for one. Rejects
 *  when the load fails (a later call tries again). */
export function loadSyncRegistry(): Promise<SyncRegistry> {
  if (installed) return Promise.resolve(installed);
  wanted = true;
  const registry = new Promise<SyncRegistry>((resolve, reject) => waiting.push({ resolve, reject }));
  startLoading();
  return registry;
}

export function registryInstalled(registry: SyncRegistry) {
  installed = registry;
  for (const { resolve } of waiting.splice(0)) resolve(registry);
}

export function installedRegistry(): SyncRegistry | null {
  return installed;
}
