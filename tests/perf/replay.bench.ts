// Time from reconnect to an empty queue for 1,000 queued changes.
// A real server process over HTTP (temp DATA_DIR), the real client sync code (enqueueChange,
// replayOutbox, pullServerState) on fake-indexeddb in Node. 1,000 changes are queued while
// "offline" (a mix of event creates/updates, column creates, card creates/updates/moves), then
// the clock starts at the reconnect and stops when the outbox is empty and the server's state
// has been pulled back into Dexie — what the engine's `online` trigger does. Also prints the
// per-request round trip (p50/p95) of the batches (up to 100 changes each, POST /api/sync/batch)
// so the share of HTTP + server transaction is visible.
// Prints figures, asserts nothing. Run: npm run bench:replay [-- changes]
import 'fake-indexeddb/auto';

import '../../src/app/mirror-stores';
import '../../src/app/sync-registry';
import { db } from '../../src/lib/db';
import { enqueueChange } from '../../src/lib/sync/outbox';
import { pullServerState } from '../../src/lib/sync/pull';
import { replayOutbox, type ReplayDeps } from '../../src/lib/sync/replay';
import { signUp, startServer } from '../e2e/support';

const CHANGES = Number(process.argv[2] ?? 1_000);
const server = await startServer();
const { accessToken } = await signUp(server, { email: `bench-${Date.now()}@example.com` });

const roundTrips: number[] = [];
const deps: ReplayDeps = {
  fetch: async (...args) => {
    const started = performance.now();
    const response = await fetch(...args);
    await response.clone().arrayBuffer();
    roundTrips.push(performance.now() - started);
    return response;
  },
  url: (path) => `${server.url}${path}`,
  token: () => accessToken,
};

// ---- queue 1,000 changes offline ----------------------------------------------------------
const columns: string[] = [];
const cards: string[] = [];
const events: string[] = [];
const queueStarted = performance.now();
for (let i = 0; i < CHANGES; i += 1) {
  const kind = i % 10;
  if (columns.length < 5 || kind === 0) {
    const id = crypto.randomUUID();
    columns.push(id);
    await enqueueChange({ op: 'column.create', body: { id, name: `Column ${i}` } });
  } else if (kind <= 2) {
    const id = crypto.randomUUID();
    events.push(id);
    const start = Date.UTC(2026, 5, 1 + (i % 28), 9);
    await enqueueChange({
      op: 'event.create',
      body: {
        id,
        title: `Event ${i}`,
        description: '',
        color: 'teal',
        allDay: false,
        start: new Date(start).toISOString(),
        end: new Date(start + 3_600_000).toISOString(),
      },
    });
  } else if (kind === 3 && events.length) {
    await enqueueChange({
      op: 'event.update',
      body: { eventId: events[i % events.length]!, event: { title: `Event ${i} (moved)` } },
    });
  } else if (kind <= 6 || cards.length < 10) {
    const id = crypto.randomUUID();
    cards.push(id);
    await enqueueChange({
      op: 'card.create',
      body: {
        columnId: columns[i % columns.length]!,
        card: {
          id,
          name: `Card ${i}`,
          description: '',
          assignees: [],
          priority: 'medium',
          due: null,
          labels: [],
          checklist: [],
          completed: false,
        },
      },
    });
  } else if (kind <= 8) {
    await enqueueChange({
      op: 'card.move',
      body: {
        cardId: cards[i % cards.length]!,
        columnId: columns[(i * 7) % columns.length]!,
        index: 0,
      },
    });
  } else {
    await enqueueChange({
      op: 'card.update',
      body: { cardId: cards[i % cards.length]!, card: { completed: true } },
    });
  }
}
const queuedMs = performance.now() - queueStarted;
const queued = await db.outbox.count();

// ---- reconnect: replay until empty, then pull ---------------------------------------------
const started = performance.now();
let delivered = 0;
for (;;) {
  const report = await replayOutbox(deps);
  delivered += report.delivered;
  if (report.outcome !== 'waiting') break;
  await new Promise((r) => setTimeout(r, Math.max(0, (report.nextAttemptAt ?? 0) - Date.now())));
}
const replayedMs = performance.now() - started;
await pullServerState(deps);
const totalMs = performance.now() - started;
const left = await db.outbox.count();

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const pct = (p: number) => percentile(roundTrips, p);
// the server's own time per batch request, from its one-JSON-line-per-request log
const serverMs = server
  .output()
  .split('\n')
  .filter((line) => /"method":"POST","path":"\/api\/sync\/batch"/.test(line))
  .map((line) => Number(/"ms":([0-9.]+)/.exec(line)?.[1]))
  .filter(Number.isFinite);
console.log(
  [
    `queued ${queued} changes offline in ${(queuedMs / 1000).toFixed(1)} s (enqueueChange on fake-indexeddb)`,
    `reconnect → empty queue: ${(replayedMs / 1000).toFixed(2)} s for ${delivered} changes (${(replayedMs / delivered).toFixed(1)} ms per change); left in queue: ${left}`,
    `reconnect → queue empty and server state pulled into Dexie: ${(totalMs / 1000).toFixed(2)} s`,
    `HTTP round trip per batch request (${roundTrips.length} requests, the pull's GETs included) incl. the server's transactions: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms`,
    `server time per batch request (its request log, ${serverMs.length} lines): p50 ${percentile(serverMs, 50).toFixed(1)} ms, p95 ${percentile(serverMs, 95).toFixed(1)} ms`,
  ].join('\n'),
);
await server.stop();
