// The one live stream of a tab: the server's unified stream (GET /api/live, docs/live.md), read
// with fetch because it needs the bearer header, carrying every feature's events; each event
// goes to the features that registered for it (./registry.ts), which pull what changed by
// cursor. Opened once per tab, when the browser is idle after the first screen has painted
// (./start-live.ts), so it costs the first load nothing.
//
// Guarantees:
// - One stream per tab, however many pages or components ask for it.
// - Resume: the `id` of the last event is the stream cursor (every scope's cursor); each
//   reconnection (an error, the server restarting, the browser back online) sends it as
//   `Last-Event-ID`, and the server answers with a notice for every scope that moved since.
//   Each feature's `onConnect` runs too, for what the device did meanwhile.
// - A dropped stream is opened again after a jittered backoff (1 s doubling to 15 s), at once
//   when the browser comes back online or the tab becomes visible again.
// - `stopLiveStream` (sign-out) closes it and forgets the cursor.
import type { LiveRegistry } from './registry';
import { parseSse } from './sse';

export type LiveState = 'idle' | 'connecting' | 'live' | 'offline';

export interface LiveStreamDeps {
  /** opens the stream after `cursor`; null when there is no session (then no stream) */
  open: (cursor: string | null, signal: AbortSignal) => Promise<Response | null>;
  registry: () => Promise<LiveRegistry>;
  random?: () => number;
}

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 15_000;

let state: LiveState = 'idle';
const listeners = new Set<() => void>();

function setState(next: LiveState) {
  if (state === next) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The stream's state for React's useSyncExternalStore. */
export const liveStateStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

interface Running {
  deps: LiveStreamDeps;
  controller: AbortController;
  cursor: string | null;
  attempt: number;
  wake: (() => void) | null;
  cleanup: () => void;
}

let running: Running | null = null;

function backoff(attempt: number, random: () => number) {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/** Waits out the backoff, or less when woken (online, visible again). */
function pause(run: Running, ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      run.wake = null;
      resolve();
    }
    run.wake = done;
    run.controller.signal.addEventListener('abort', done, { once: true });
  });
}

async function readOnce(run: Running, registry: LiveRegistry): Promise<void> {
  const response = await run.deps.open(run.cursor, run.controller.signal);
  if (!response?.body) {
    if (!response) run.controller.abort(); // no session: nothing to listen to
    return;
  }
  run.attempt = 0;
  setState('live');
  void registry.connected();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = parseSse(buffer + decoder.decode(value, { stream: true }));
    buffer = rest;
    for (const event of events) {
      if (event.id) run.cursor = event.id;
      let data: unknown = null;
      try {
        data = event.data ? (JSON.parse(event.data) as unknown) : null;
      } catch {
        data = event.data;
      }
      void registry.dispatch({ event: event.event, cursor: event.id, data });
    }
  }
}

async function loop(run: Running) {
  while (!run.controller.signal.aborted) {
    setState(run.attempt === 0 ? 'connecting' : 'offline');
    try {
      await readOnce(run, await run.deps.registry());
    } catch {
      // dropped, refused or unreachable: tried again below
    }
    if (run.controller.signal.aborted) return;
    setState('offline');
    run.attempt += 1;
    await pause(run, backoff(run.attempt, run.deps.random ?? Math.random));
  }
}

/** Opens the tab's stream (once; later calls do nothing while it runs). */
export function startLiveStream(deps: LiveStreamDeps): void {
  if (running) return;
  const run: Running = {
    deps,
    controller: new AbortController(),
    cursor: null,
    attempt: 0,
    wake: null,
    cleanup: () => undefined,
  };
  running = run;
  const wake = () => run.wake?.();
  const visible = () => {
    if (document.visibilityState === 'visible') wake();
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', visible);
  run.cleanup = () => {
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', visible);
  };
  void loop(run).finally(() => {
    if (running !== run) return;
    running = null;
    run.cleanup();
    setState('idle');
  });
}

/** Closes the stream and forgets its cursor (sign-out, tests). */
export function stopLiveStream(): void {
  const run = running;
  running = null;
  if (!run) return;
  run.controller.abort();
  run.cleanup();
  setState('idle');
}
