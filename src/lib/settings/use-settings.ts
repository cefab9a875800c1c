import { useSyncExternalStore } from 'react';

import { isDefaultSettings, settingsStore } from './settings-store';

/** Theme settings and their setters; `canReset` is false while every value is the default. */
export function useSettings() {
  const settings = useSyncExternalStore(settingsStore.subscribe, settingsStore.getState, settingsStore.getState);
  return {
    settings,
    setSetting: settingsStore.set,
    reset: settingsStore.reset,
    canReset: !isDefaultSettings(settings),
  };
}
