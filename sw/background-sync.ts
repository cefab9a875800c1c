// Background Sync: when the browser says the network is back (the page registered the tag
// `clipdeck-outbox` after a replay could not finish), the worker replays the sync queue even
// if no Clipdeck tab is open, then tells open pages so they pull the server's state into Dexie.
// A transient failure rejects the event so the browser schedules its own retry; a busy lock
// (a tab is replaying) or a paused queue (sign-in needed) is not a failure.
/// <reference lib="webworker" />
/// <reference types="vite/client" />
import { BACKGROUND_SYNC_TAG, SYNC_DONE_MESSAGE } from '../src/lib/sync/protocol';
import { replayQueueFromWorker } from './outbox-store';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event is not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

function apiUrl(path: string): string {
  const base = (import.meta.env.VITE_API_URL as string | undefined)?.trim();
  return new URL(path, base || self.location.origin).toString();
}

async function runBackgroundSync(): Promise<void> {
  const report = await replayQueueFromWorker({
    indexedDB: self.indexedDB,
    fetch: (...args) => self.fetch(...args),
    url: apiUrl,
    locks: self.navigator.locks,
  });
  if (report.delivered + report.rejected > 0 || report.outcome === 'empty') {
    const pages = await self.clients.matchAll({ type: 'window' });
    for (const page of pages) page.postMessage({ type: SYNC_DONE_MESSAGE });
  }
  if (report.outcome === 'waiting') throw new Error('The server is not reachable yet.');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(runBackgroundSync());
});
