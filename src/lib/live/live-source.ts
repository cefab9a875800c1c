// Where the live registry comes from, in a module small enough for the dashboard's frame: src/app
// composes the features' notice handlers (features -> app), src/lib may not import app, so the
// app provides a loader here and the stream (./stream.ts) loads it once it connects, after the
// first screen is painted.
import type { LiveRegistry } from './registry';

let loader: (() => Promise<LiveRegistry>) | null = null;
let loaded: Promise<LiveRegistry> | null = null;

/** src/app: how to load the composed live registry. */
export function provideLiveRegistry(load: () => Promise<LiveRegistry>) {
  loader = load;
}

export function loadLiveRegistry(): Promise<LiveRegistry> {
  if (!loader)
    return Promise.reject(new Error('No live registry was provided (provideLiveRegistry).'));
  const load = loader;
  // a failed chunk load (offline before the app was cached) may be asked for again
  loaded ??= load().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}
