// Service worker registration (production only, from main.tsx). A new version never swaps
// itself in: the user gets a "new version available — reload" notification and chooses.
import { registerSW } from 'virtual:pwa-register';

import { showUpdatePrompt } from './pwa-update-prompt';

export function registerServiceWorker() {
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      showUpdatePrompt(() => void updateSW(true));
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
}
