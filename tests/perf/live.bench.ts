// Live delivery of shared boards (docs/live.md), measured on the real server process (the bundle
// `npm start` runs): on PGlite (the default), then on PostgreSQL when asked (`--pg`: DATABASE_URL
// when set, else a throwaway cluster as `npm run test:pg` starts one; skipped with the reason when
// PostgreSQL is not installed).
// - delivery: 10 members watch one board on 5 tabs each (50 GET /api/live streams); one member
//   makes CHANGES card edits one after another, and for each the time from sending it to its
//   notice (a cursor at least the change's) arriving on each of the 50 streams is recorded:
//   p50 and p95 in ms over all deliveries;
// - throughput: WRITERS members edit cards of that board as fast as they can for SECONDS
//   seconds, the 50 streams still open: changes per second the board sustained.
// Writes go as the app's offline queue sends them (`Idempotency-Key: clientId:seq`), so a write
// whose answer was lost to a dropped connection, or that was turned away busy (503/429 with
// Retry-After), is sent again and applied once; those retries, streams that had to reconnect
// (with their Last-Event-ID) and notices that never came are counted and printed, not fatal.
// Prints figures, asserts nothing.
// Run: npm run bench:live -- [--pg] [changes writers seconds]   (defaults 100 8 10)
import crypto from 'node:crypto';
import os from 'node:os';

import { signUp, startServer, type RunningServer } from '../e2e/support.ts';
import { pgUnavailable, startPgCluster } from '../multi/pg-cluster.ts';

const args = process.argv.slice(2);
const numbers = args.filter((a) => !a.startsWith('--')).map(Number);
const CHANGES = numbers[0] ?? 100;
const WRITERS = numbers[1] ?? 8;
const SECONDS = numbers[2] ?? 10;
const WITH_PG = args.includes('--pg') || Boolean(process.env.DATABASE_URL);
const MEMBERS = 10;
const TABS = 5;
/** how long one change may take to reach a stream before it counts as not delivered */
const DELIVERY_WAIT_MS = 60_000;

interface Person {
  token: string;
  email: string;
}

interface Tally {
  retries: number;
  reconnects: number;
  undelivered: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON call; a dropped connection or a busy answer is retried (same request, same key). */
async function api(
  server: RunningServer,
  tally: Tally,
  who: Person,
  method: string,
  path: string,
  body?: unknown,
  key?: string,
) {
  for (let attempt = 1; ; attempt += 1) {
    let res: Response;
    try {
      res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${who.token}`,
          'Content-Type': 'application/json',
          ...(key ? { 'Idempotency-Key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (attempt >= 10 || !server.running()) throw error;
      tally.retries += 1;
      await pause(200 * attempt);
      continue;
    }
    if ((res.status === 503 || res.status === 429) && attempt < 10) {
      await res.body?.cancel();
      tally.retries += 1;
      await pause(Number(res.headers.get('Retry-After') ?? 1) * 1000);
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  }
}

/** A member's device writing through its queue: each write under the next `clientId:seq`. */
function device(server: RunningServer, tally: Tally, who: Person) {
  const clientId = `bench-${crypto.randomBytes(6).toString('hex')}`;
  let seq = 0;
  return (path: string, body: unknown) => {
    seq += 1;
    return api(server, tally, who, 'POST', path, body, `${clientId}:${seq}`);
  };
}

/** A tab's stream: the highest board cursor it has seen; reconnects with its Last-Event-ID. */
function watch(server: RunningServer, tally: Tally, who: Person, boardId: string) {
  const controller = new AbortController();
  let cursor = -1;
  let lastId: string | undefined;
  const waiters = new Set<() => void>();
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  const read = async (res: Response) => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: ?(.*)$/m.exec(block)?.[1];
        if (id) lastId = id;
        if (!block.includes('event: notice')) continue;
        const data = JSON.parse(/^data: ?(.*)$/m.exec(block)![1]!) as {
          scope: string;
          cursor: number;
        };
        if (data.scope !== boardId) continue;
        cursor = Math.max(cursor, data.cursor);
        resolveReady();
        for (const wake of waiters) wake();
      }
    }
  };
  void (async () => {
    for (let attempt = 0; !controller.signal.aborted; attempt += 1) {
      try {
        const res = await fetch(`${server.url}/api/live`, {
          headers: {
            Authorization: `Bearer ${who.token}`,
            ...(lastId ? { 'Last-Event-ID': lastId } : {}),
          },
          signal: controller.signal,
        });
        if (res.ok) await read(res);
        else await res.body?.cancel();
      } catch {
        // dropped or aborted: reconnect below unless closed
      }
      if (controller.signal.aborted || !server.running()) return;
      tally.reconnects += 1;
      await pause(Math.min(5000, 250 * (attempt + 1)));
    }
  })();
  return {
    ready,
    /** ms from `since` until this stream has seen `target`; null if it never did */
    reach(target: number, since: number) {
      return new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(null);
        }, DELIVERY_WAIT_MS);
        function check() {
          if (cursor < target) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(performance.now() - since);
        }
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function measure(label: string, server: RunningServer) {
  const tally: Tally = { retries: 0, reconnects: 0, undelivered: 0 };
  const loadBefore = load();
  const tag = crypto.randomBytes(3).toString('hex');
  const people: Person[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const email = `live-bench-${tag}-${i}@example.com`;
    const { accessToken } = await signUp(server, { email, password: `bench password ${tag}` });
    people.push({ token: accessToken, email });
  }
  const owner = people[0]!;
  const call = (who: Person, method: string, path: string, body?: unknown) =>
    api(server, tally, who, method, path, body);
  const boardId = ((await call(owner, 'GET', '/api/kanban/boards')).boards as { id: string }[])[0]!
    .id;
  for (const member of people.slice(1)) {
    await call(owner, 'POST', '/api/sharing/invite', {
      kind: 'board',
      id: boardId,
      email: member.email,
      role: 'editor',
    });
    await call(member, 'POST', '/api/sharing/accept', { kind: 'board', id: boardId });
  }
  const ownersDevice = device(server, tally, owner);
  const column = (await ownersDevice('/api/kanban/columns/new', { boardId, name: 'Bench' }))
    .column as { id: string };
  const cards: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const made = await ownersDevice('/api/kanban/cards/new', {
      columnId: column.id,
      card: { name: `card ${i}` },
    });
    cards.push((made.card as { id: string }).id);
  }
  const streams = people.flatMap((p) =>
    Array.from({ length: TABS }, () => watch(server, tally, p, boardId)),
  );
  await Promise.all(streams.map((s) => s.ready));

  const latencies: number[] = [];
  const writer = device(server, tally, people[1]!);
  for (let i = 0; i < CHANGES; i += 1) {
    const since = performance.now();
    const made = await writer('/api/kanban/cards/update', {
      cardId: cards[i % cards.length],
      card: { name: `change ${i}` },
    });
    const cursor = (made.card as { rev: number }).rev;
    for (const ms of await Promise.all(streams.map((s) => s.reach(cursor, since)))) {
      if (ms === null) tally.undelivered += 1;
      else latencies.push(ms);
    }
  }

  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    people.slice(0, WRITERS).map(async (who, w) => {
      const write = device(server, tally, who);
      for (let i = 0; performance.now() < until; i += 1) {
        await write('/api/kanban/cards/update', {
          cardId: cards[(w * 7 + i) % cards.length],
          card: { description: `writer ${w} change ${i}` },
        });
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  for (const s of streams) s.close();
  console.log(
    `${label}: change → notice on ${streams.length} streams (${CHANGES} changes, ${latencies.length} deliveries): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; one board sustained ${(done / elapsed).toFixed(1)} changes/s (${WRITERS} writers, ${elapsed.toFixed(1)} s, ${streams.length} streams open); retried writes ${tally.retries}, stream reconnects ${tally.reconnects}, notices not delivered within ${DELIVERY_WAIT_MS / 1000} s ${tally.undelivered}; load average before ${loadBefore}, after ${load()}`,
  );
}

/** Runs the measurement; on a failure, says so with the end of the server's log and goes on. */
async function run(label: string, server: RunningServer) {
  try {
    await measure(label, server);
  } catch (error) {
    console.log(`${label}: failed: ${error instanceof Error ? error.message : String(error)}`);
    console.log(`${label}: server ${server.running() ? 'still running' : 'exited'}; its log ends:`);
    console.log(server.output().split('\n').slice(-30).join('\n'));
    process.exitCode = 1;
  }
}

console.log(
  `${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${CHANGES} changes, ${WRITERS} writers, ${SECONDS} s`,
);
const env = { STREAMS_PER_USER: String(TABS + 1), LOG_REQUESTS: 'false' };
// a fresh PGlite data directory is migrated at first start: slow on a busy machine
const pglite = await startServer({ env, startTimeoutMs: 600_000 });
try {
  await run('PGlite', pglite);
} finally {
  await pglite.stop();
}

let url = process.env.DATABASE_URL;
const missing = url ? null : pgUnavailable();
if (!WITH_PG) console.log('PostgreSQL: not asked (add --pg, or set DATABASE_URL)');
else if (missing) console.log(`PostgreSQL: skipped (${missing})`);
else {
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | null = null;
  if (!url) {
    cluster = await startPgCluster();
    url = await cluster.createDatabase(
      `clipdeck_live_bench_${crypto.randomBytes(3).toString('hex')}`,
    );
  }
  try {
    const postgres = await startServer({
      env: { ...env, DATABASE_URL: url },
      startTimeoutMs: 600_000,
    });
    try {
      await run('PostgreSQL', postgres);
    } finally {
      await postgres.stop();
    }
  } finally {
    cluster?.stop();
  }
}
