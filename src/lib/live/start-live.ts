// The tab's stream with the app's parts: the REST client (bearer header, 401 handling) and the
// registry src/app provides. Loaded on its own when the browser is idle after the first paint.
import { api } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth/token-storage';

import { loadLiveRegistry } from './live-source';
import { startLiveStream, stopLiveStream } from './stream';

export function startLive() {
  startLiveStream({
    open: async (cursor, signal) => {
      if (!getAccessToken()) return null;
      return api.get('/api/live', {
        signal,
        timeout: false,
        headers: { Accept: 'text/event-stream', ...(cursor ? { 'Last-Event-ID': cursor } : {}) },
      });
    },
    registry: loadLiveRegistry,
  });
}

export { stopLiveStream as stopLive };
