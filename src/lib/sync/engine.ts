// The sync engine: when to replay, and what the user is told about it.
//
// Triggers (docs/offline-and-sync.md#the-sync-queues-rules): start, `online`, `visibilitychange`
// (back to visible), a timer (the head's backoff, and a 30 s heartbeat), every new change, and the
// service worker's Background Sync (registered here, run in sw/background-sync.ts; it tells us when
// it is done). Every run holds the cross-tab sync lock, replays, and then pulls the server's state
// back into Dexie. What is replayed and pulled comes from the sync registry src/app provides
// (registry-source.ts); the engine knows no feature. Status (online, syncing, paused for sign-in,
// full disk, last error) is a tiny external store for React's useSyncExternalStore; pending counts
// and last sync time live in Dexie.
import { Dexie, RangeSet } from 'dexie';

import { apiUrl } from '../api-client';
import { getAccessToken, refreshAccessTokenCopy } from '../auth/token-storage';
import { db } from '../db';
import { whenIdle } from '../when-idle';
import { withSyncLock } from './lock';
import { onEnqueue } from './outbox';
import { BACKGROUND_SYNC_TAG, SYNC_DONE_MESSAGE } from './protocol';
import { featuresPulledAt, pullServerState } from './pull';
import { replayOutbox, resetBackoff, type ReplayDeps, type ReplayReport } from './replay';
import { setSyncStatus } from './status';
import { requestPersistentStorage } from './storage';

export { BACKGROUND_SYNC_TAG, SYNC_DONE_MESSAGE };
const HEARTBEAT_MS = 30_000;
/** The start's full pull waits this long after the page started the engine (then for idle). */
const FULL_PULL_AFTER_MS = 5_000;
/** A feature pulled this recently is not pulled again by a page's start. */
const RECENT_PULL_MS = 10_000;
const BUSY_RETRY_MS = 1_500;

export { setSyncStatus, syncStatusStore, type SyncStatus } from './status';

function defaultDeps(): ReplayDeps {
  return { fetch: (...args) => fetch(...args), url: apiUrl, token: getAccessToken };
}

let running: Promise<void> | null = null;
let again = false;
// what the next run pulls: every feature, or only the ones a live notice named (pullFeatures)
let pullAll = false;
let pullSome = new Set<string>();
let replayOnly = false;
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(at: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), Math.max(0, at - Date.now()));
}

async function registerBackgroundSync() {
  try {
    const registration: unknown = await navigator.serviceWorker?.getRegistration();
    // Background Sync is not in TypeScript's DOM library
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // no service worker or no Background Sync here: the page's own triggers cover it
  }
}

async function runOnce(deps: ReplayDeps): Promise<void> {
  // a run asked for nothing to pull (the engine's start) only replays
  const pullNothing = !pullAll && pullSome.size === 0 && replayOnly;
  const only = pullAll || pullSome.size === 0 ? undefined : [...pullSome];
  pullAll = false;
  pullSome = new Set();
  replayOnly = false;
  setSyncStatus({ syncing: true });
  try {
    // the service worker replays with the copy in Dexie (Background Sync, no tab open)
    await refreshAccessTokenCopy();
    const result = await withSyncLock(async () => {
      const report = await replayOutbox(deps);
      let pulled = false;
      if (pullNothing) return { report, pulled: true };
      if (report.outcome === 'empty' || report.delivered + report.rejected > 0) {
        try {
          await pullServerState(deps, only);
          pulled = true;
        } catch {
          pulled = false;
        }
      }
      return { report, pulled };
    });
    if (!result.ran) {
      schedule(Date.now() + BUSY_RETRY_MS);
      return;
    }
    const { report, pulled } = result.value;
    applyReport(report, pulled);
  } finally {
    setSyncStatus({ syncing: false });
  }
}

function applyReport(report: ReplayReport, pulled: boolean) {
  const reached =
    report.outcome === 'waiting'
      ? report.lastStatus != null
      : pulled || report.outcome === 'paused';
  setSyncStatus({
    paused: report.outcome === 'paused',
    online: (typeof navigator === 'undefined' || navigator.onLine) && reached,
    lastError:
      report.outcome === 'waiting' ? `HTTP ${report.lastStatus ?? 'unreachable'}` : undefined,
  });
  if (report.outcome === 'waiting' && report.nextAttemptAt) {
    schedule(report.nextAttemptAt);
    void registerBackgroundSync();
  }
}

/** Replays now (or right after the run in progress) and pulls the server's state. */
export function syncNow(deps: ReplayDeps = defaultDeps()): Promise<void> {
  pullAll = true;
  return run(deps);
}

/** Replays, then pulls only these features (a live notice said they changed); a run that is
 *  asked for everything meanwhile pulls everything. */
export function pullFeatures(names: string[], deps: ReplayDeps = defaultDeps()): Promise<void> {
  for (const name of names) pullSome.add(name);
  return run(deps);
}

function run(deps: ReplayDeps): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runOnce(deps);
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * The service worker replays through raw IndexedDB (sw/outbox-store.ts), which Dexie cannot
 * observe: without this, every `useLiveQuery` on the outbox (the pending count, the queue
 * panel) would keep showing changes the worker already delivered. Dexie's documented trigger
 * (`Dexie.on('storagemutated').fire`) marks the whole outbox table as changed, here and, through
 * Dexie's own broadcast, in the other tabs.
 */
export function announceOutboxChangedByWorker(): void {
  const everything = () => new RangeSet(-Infinity, [[[]]]);
  const part = `idb://${db.name}/${db.outbox.name}`;
  const parts: Record<string, RangeSet> = {
    [`${part}/`]: everything(),
    [`${part}/:dels`]: everything(),
  };
  for (const index of db.outbox.schema.indexes) parts[`${part}/${index.name}`] = everything();
  Dexie.on('storagemutated').fire(parts);
}

let started = false;

/** Replays what is queued, and pulls these features unless they were pulled a moment ago. */
async function startRun(first: string[]) {
  const pulledAt = await featuresPulledAt();
  const stale = first.filter((name) => !(Date.now() - (pulledAt[name] ?? 0) < RECENT_PULL_MS));
  if (stale.length > 0) return pullFeatures(stale);
  replayOnly = true;
  return run(defaultDeps());
}

/**
 * Starts the triggers once per page; safe to call from every component that needs sync. The
 * first round replays the queue at once and pulls only `first` (the page's own features); the
 * other features' mirrors are pulled once the page has been quiet a while, so that their writes
 * never compete with the page's first screens (docs/offline-and-sync.md). A later call with
 * other `first` features pulls those.
 */
export function startSyncEngine({ first = [] }: { first?: string[] } = {}): void {
  if (typeof window === 'undefined') return;
  if (started) {
    if (first.length > 0) void startRun(first);
    return;
  }
  started = true;
  void requestPersistentStorage();
  window.addEventListener('online', () => {
    setSyncStatus({ online: true });
    void resetBackoff().then(() => syncNow());
  });
  window.addEventListener('offline', () => setSyncStatus({ online: false }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === 'accessToken' && event.newValue) void syncNow();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: string } | null)?.type !== SYNC_DONE_MESSAGE) return;
    announceOutboxChangedByWorker();
    void syncNow();
  });
  // a change is delivered at once, and only its own feature is pulled back (the server may
  // have settled it: a card's order key repaired, the cart's total); the others are untouched
  onEnqueue((feature) => void (feature ? pullFeatures([feature]) : syncNow()));
  setInterval(() => void syncNow(), HEARTBEAT_MS);
  void startRun(first);
  setTimeout(() => whenIdle(() => void syncNow()), FULL_PULL_AFTER_MS);
}

/** Last successful sync (epoch ms), for the indicator. */
export async function lastSyncAt(): Promise<number | null> {
  return ((await db.meta.get('lastSyncAt'))?.value as number | undefined) ?? null;
}
