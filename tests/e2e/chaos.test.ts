// The chaos run: a scripted user edits the calendar and the board through the REAL
// client sync code (enqueueChange, replayOutbox, pullServerState, the sync lock; Dexie on
// fake-indexeddb in Node) while everything between it and the real server misbehaves: a
// seeded fault proxy answers 500s, hangs past the client's timeout and drops connections
// (before or after the server applied the change), the network goes offline and back, and the
// server process is SIGKILLed and restarted at random moments, including while a change is in
// flight. Replays are triggered as src/lib/sync/engine.ts does (start, every new change,
// `online` with the backoff reset, `visibilitychange`, the head's backoff timer, a heartbeat).
// At the end, with the faults off, the queue drains and the run prints
// changes made, delivered, duplicated, lost — counted on the server's side:
//   delivered  = the server's last applied seq for this client (GET /api/sync/state; the server
//                refuses gaps, so seqs 1..delivered are each applied);
//   lost       = made − delivered;
//   duplicated = answers the server gave as a fresh application to a key it had already
//                applied (seen by the proxy, which sees every answer the server sends).
// It fails unless duplicated = 0, lost = 0, nothing was rejected, the server's calendar and
// board equal a reference that applied each change exactly once, and the client's Dexie
// equals the server. CHAOS_SEED and CHAOS_STEPS choose the run (CI uses the defaults);
// CHAOS_DEBUG=1 prints every request the proxy sees and every replay's report. The seed fixes
// the script and the sequence of fault decisions; timings still vary from run to run.
import 'fake-indexeddb/auto';

import { afterAll, beforeAll, expect, it } from 'vitest';

import '../../src/app/mirror-stores';
import '../../src/app/sync-registry';
import { eventsTable } from '../../src/features/calendar/local/tables';
import { cardsTable, columnsTable, getColumnOrder } from '../../src/features/kanban/local/tables';
import { db } from '../../src/lib/db';
import { withSyncLock } from '../../src/lib/sync/lock';
import { enqueueChange, onEnqueue } from '../../src/lib/sync/outbox';
import { pullServerState } from '../../src/lib/sync/pull';
import { replayOutbox, resetBackoff, type ReplayDeps } from '../../src/lib/sync/replay';
import { startFaultProxy, type FaultProxy } from './chaos/fault-proxy';
import {
  applyToModel,
  diffSnapshots,
  emptySnapshot,
  normalize,
  type Snapshot,
} from './chaos/model';
import { prng, scriptedUser } from './chaos/scripted-user';
import { signUp, startServer, type RunningServer } from './support';

const SEED = Number(process.env.CHAOS_SEED ?? 20261123);
const STEPS = Number(process.env.CHAOS_STEPS ?? 400);
const CLIENT_TIMEOUT_MS = 1_500;
// The engine's timings (backoff from 1 s to 10 s, 30 s heartbeat, 1.5 s busy retry) run on a
// clock TIME_SCALE times faster than the wall clock, so a run of a minute sees what an hour of
// flaky network would: many retries, not one long backoff.
const TIME_SCALE = Number(process.env.CHAOS_TIME_SCALE ?? 10);
const HEARTBEAT_MS = 30_000 / TIME_SCALE;
const BUSY_RETRY_MS = 1_500 / TIME_SCALE;
const clockStart = Date.now();
const engineNow = () => clockStart + (Date.now() - clockStart) * TIME_SCALE;

const random = prng(SEED);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: RunningServer;
let proxy: FaultProxy;
let token = '';
let restarting: Promise<void> | null = null;
let kills = 0;
let downMs = 0;

function killAndRestart() {
  if (restarting) return;
  kills += 1;
  const down = Date.now();
  restarting = (async () => {
    await server.kill();
    await sleep(Math.floor(random() * 500));
    await server.start();
  })().finally(() => {
    downMs += Date.now() - down;
    restarting = null;
  });
}

beforeAll(async () => {
  server = await startServer();
  token = (await signUp(server, { email: `chaos-${SEED}-${Date.now()}@example.com` })).accessToken;
  proxy = await startFaultProxy({
    upstreamPort: server.port,
    random,
    faultRate: 0.3,
    killRate: 0.02,
    killFirstAfter: 15,
    onKill: killAndRestart,
  });
});

afterAll(async () => {
  await proxy?.close();
  await restarting;
  await server?.stop();
});

// ---- the sync engine's triggers, with the engine's own building blocks ----------------------
const deps: ReplayDeps = {
  fetch: (...args) => fetch(...args),
  url: (path) => `${proxy.url}${path}`,
  token: () => token,
  timeoutMs: CLIENT_TIMEOUT_MS,
  now: engineNow,
  random,
};
const stats = { replays: 0, busy: 0, pulls: 0, pullFailures: 0, rejected: 0 };
let running: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let stopped = false;

function schedule(at: number) {
  if (timer) clearTimeout(timer);
  const wait = Math.max(0, (at - engineNow()) / TIME_SCALE);
  if (!stopped) timer = setTimeout(() => void syncNow(), wait);
}

async function runOnce() {
  const result = await withSyncLock(async () => {
    const report = await replayOutbox(deps);
    if (report.outcome === 'empty' || report.delivered + report.rejected > 0) {
      try {
        await pullServerState(deps);
        stats.pulls += 1;
      } catch {
        stats.pullFailures += 1;
      }
    }
    return report;
  });
  if (!result.ran) {
    stats.busy += 1;
    schedule(engineNow() + BUSY_RETRY_MS * TIME_SCALE);
    return;
  }
  stats.replays += 1;
  stats.rejected += result.value.rejected;
  if (process.env.CHAOS_DEBUG) console.log(Date.now() % 100000, JSON.stringify(result.value));
  if (result.value.outcome === 'waiting' && result.value.nextAttemptAt)
    schedule(result.value.nextAttemptAt);
}

function syncNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await runOnce();
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function serverSnapshot(): Promise<Snapshot> {
  const { events } = await getJson<{ events: never[] }>('/api/calendar/events');
  const { board } = await getJson<{
    board: { cards: Record<string, never>; columns: Record<string, never>; columnOrder: string[] };
  }>('/api/kanban/board');
  return normalize({
    events,
    columnOrder: board.columnOrder,
    columns: Object.values(board.columns),
    cards: Object.values(board.cards),
  });
}

async function clientSnapshot(): Promise<Snapshot> {
  const [events, columns, cards, columnOrder] = await Promise.all([
    eventsTable().toArray(),
    columnsTable().toArray(),
    cardsTable().toArray(),
    getColumnOrder(),
  ]);
  return normalize({ events: events, columnOrder, columns, cards: cards });
}

it(
  `survives seed ${SEED} for ${STEPS} steps: nothing lost, nothing applied twice`,
  { timeout: 600_000 },
  async () => {
    const user = scriptedUser(random);
    const reference = emptySnapshot();
    let made = 0;
    let offlineSwitches = 0;
    const started = Date.now();
    const unsubscribe = onEnqueue(() => void syncNow());
    const heartbeat = setInterval(() => void syncNow(), HEARTBEAT_MS);
    void syncNow(); // start

    for (let step = 0; step < STEPS; step += 1) {
      const roll = random();
      if (roll < 0.72) {
        const change = await user.nextChange();
        if (change) {
          await enqueueChange(change);
          applyToModel(reference, change);
          made += 1;
        }
      } else if (roll < 0.75) {
        offlineSwitches += 1;
        proxy.setOffline(true);
      } else if (roll < 0.83) {
        proxy.setOffline(false); // the `online` event: backoff reset, then a replay
        await resetBackoff();
        void syncNow();
      } else if (roll < 0.87) {
        void syncNow(); // visibilitychange back to visible
      } else if (roll < 0.875) {
        killAndRestart(); // the server dies at a random moment
      } else {
        await sleep(user.int(400));
      }
      await sleep(user.int(120)); // the user's think time
    }

    // faults off: the network is back for good, the server is up, the queue must drain
    const appliedUnderChaos = [...proxy.freshAnswers.values()].reduce((n, k) => n + k, 0);
    proxy.setFaults(false);
    proxy.setOffline(false);
    await restarting;
    if (!server.running()) await server.start();
    const drainStarted = Date.now();
    await resetBackoff();
    while ((await db.outbox.where('status').equals('queued').count()) > 0) {
      if (Date.now() - drainStarted > 120_000) break;
      await syncNow();
      await sleep(200);
    }
    stopped = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (timer) clearTimeout(timer);
    await running;
    await pullServerState({ ...deps, url: (path) => `${server.url}${path}` });

    const queued = await db.outbox.where('status').equals('queued').count();
    const rejected = await db.outbox.where('status').equals('rejected').toArray();
    const { clientId } = (await db.meta.get('syncClient'))!.value as { clientId: string };
    const { lastSeq } = await getJson<{ lastSeq: number }>(`/api/sync/state?clientId=${clientId}`);
    const duplicated = [...proxy.freshAnswers.values()].reduce((n, k) => n + Math.max(0, k - 1), 0);
    const delivered = lastSeq;
    const lost = made - delivered;
    const onServer = await serverSnapshot();
    const onClient = await clientSnapshot();
    const serverVsReference = diffSnapshots(onServer, reference, ['server', 'reference']);
    const clientVsServer = diffSnapshots(onClient, onServer, ['client', 'server']);

    console.log(
      [
        `chaos seed=${SEED} steps=${STEPS} in ${((Date.now() - started) / 1000).toFixed(1)} s (drain ${((Date.now() - drainStarted) / 1000).toFixed(1)} s)`,
        `faults: ${JSON.stringify(proxy.counts)}; offline switches ${offlineSwitches}; server kills ${kills} (down ${(downMs / 1000).toFixed(1)} s)`,
        `replays ${stats.replays} (lock busy ${stats.busy}), pulls ${stats.pulls} (failed ${stats.pullFailures}); the server applied ${appliedUnderChaos} changes during the chaos, the rest in the drain`,
        `final state: ${Object.keys(onServer.events).length} events, ${onServer.columnOrder.length} columns, ${Object.keys(onServer.cards).length} cards`,
        `changes made ${made}, delivered ${delivered}, duplicated ${duplicated}, lost ${lost}`,
        ...(rejected.length
          ? [
              `rejected: ${rejected.map((r) => `${r.seq} ${r.op} ${r.httpStatus} ${r.error}`).join('; ')}`,
            ]
          : []),
        ...serverVsReference.slice(0, 10),
        ...clientVsServer.slice(0, 10),
      ].join('\n'),
    );

    expect(queued, 'changes still queued after the drain').toBe(0);
    expect({ duplicated, lost }).toEqual({ duplicated: 0, lost: 0 });
    expect(rejected, 'a consistent user should see no change refused').toEqual([]);
    expect(serverVsReference, 'server state vs each change applied exactly once').toEqual([]);
    expect(clientVsServer, 'client Dexie vs server').toEqual([]);
    expect(made).toBeGreaterThan(STEPS / 2);
    expect(kills, 'the run must kill the server').toBeGreaterThan(0);
    // the witness works: it saw most applications (the rest were answered to no one)
    expect(proxy.freshAnswers.size, 'changes the proxy saw applied').toBeGreaterThan(delivered / 2);
  },
);
