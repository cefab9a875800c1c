import { useSyncExternalStore } from 'react';

import { authStore, login, logout, register } from './auth-store';

/** The current session: `{ isInitialized, isAuthenticated, user, login, register, logout }`. */
export function useAuth() {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
  return { ...state, login, register, logout };
}
