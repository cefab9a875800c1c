// Live delivery of shared boards (docs/live.md), measured on the real server process: first on
// PGlite (the default), then on PostgreSQL (DATABASE_URL when set, else a throwaway cluster as
// `npm run test:pg` starts one; skipped with the reason when PostgreSQL is not installed).
// - delivery: 10 members watch one board on 5 tabs each (50 GET /api/live streams); one member
//   makes CHANGES card edits one after another, and for each the time from sending it to its
//   notice (a cursor at least the change's) arriving on each of the 50 streams is recorded:
//   p50 and p95 in ms over all deliveries;
// - throughput: WRITERS members edit cards of that board as fast as they can for SECONDS
//   seconds, the 50 streams still open: changes per second the board sustained.
// Prints figures, asserts nothing. Run: npm run bench:live [-- changes writers seconds]
import crypto from 'node:crypto';

import { signUp, startServer, type RunningServer } from '../e2e/support.ts';
import { pgUnavailable, startPgCluster } from '../multi/pg-cluster.ts';

const CHANGES = Number(process.argv[2] ?? 100);
const WRITERS = Number(process.argv[3] ?? 8);
const SECONDS = Number(process.argv[4] ?? 10);
const MEMBERS = 10;
const TABS = 5;

interface Person {
  token: string;
  email: string;
}

async function api(
  server: RunningServer,
  who: Person,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A stream that reports the highest board cursor it has seen and wakes waiters. */
function watch(server: RunningServer, who: Person, boardId: string) {
  const controller = new AbortController();
  let cursor = -1;
  const waiters = new Set<() => void>();
  const ready = (async () => {
    const res = await fetch(`${server.url}/api/live`, {
      headers: { Authorization: `Bearer ${who.token}` },
      signal: controller.signal,
    });
    if (!res.ok) throw new Error(`stream: ${res.status}`);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let resolveReady!: () => void;
    const first = new Promise<void>((r) => (resolveReady = r));
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
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
      } catch {
        // closed
      }
    })();
    await first;
  })();
  return {
    ready,
    /** ms from `since` until this stream has seen `target` */
    reach(target: number, since: number) {
      return new Promise<number>((resolve) => {
        const check = () => {
          if (cursor < target) return;
          waiters.delete(check);
          resolve(performance.now() - since);
        };
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

async function measure(label: string, server: RunningServer) {
  const tag = crypto.randomBytes(3).toString('hex');
  const people: Person[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const email = `live-bench-${tag}-${i}@example.com`;
    const { accessToken } = await signUp(server, { email, password: `bench password ${tag}` });
    people.push({ token: accessToken, email });
  }
  const owner = people[0]!;
  const boardId = (
    (await api(server, owner, 'GET', '/api/kanban/boards')).boards as { id: string }[]
  )[0]!.id;
  for (const member of people.slice(1)) {
    await api(server, owner, 'POST', '/api/sharing/invite', {
      kind: 'board',
      id: boardId,
      email: member.email,
      role: 'editor',
    });
    await api(server, member, 'POST', '/api/sharing/accept', { kind: 'board', id: boardId });
  }
  const column = (
    await api(server, owner, 'POST', '/api/kanban/columns/new', { boardId, name: 'Bench' })
  ).column as { id: string };
  const cards: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const made = await api(server, owner, 'POST', '/api/kanban/cards/new', {
      columnId: column.id,
      card: { name: `card ${i}` },
    });
    cards.push((made.card as { id: string }).id);
  }
  const streams = people.flatMap((p) =>
    Array.from({ length: TABS }, () => watch(server, p, boardId)),
  );
  await Promise.all(streams.map((s) => s.ready));

  const latencies: number[] = [];
  const writer = people[1]!;
  for (let i = 0; i < CHANGES; i += 1) {
    const since = performance.now();
    const made = await api(server, writer, 'POST', '/api/kanban/cards/update', {
      cardId: cards[i % cards.length],
      card: { name: `change ${i}` },
    });
    const cursor = (made.card as { rev: number }).rev;
    latencies.push(...(await Promise.all(streams.map((s) => s.reach(cursor, since)))));
  }

  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    people.slice(0, WRITERS).map(async (who, w) => {
      for (let i = 0; performance.now() < until; i += 1) {
        await api(server, who, 'POST', '/api/kanban/cards/update', {
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
    `${label}: change → notice on ${streams.length} streams (${CHANGES} changes, ${latencies.length} deliveries): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; one board sustained ${(done / elapsed).toFixed(1)} changes/s (${WRITERS} writers, ${elapsed.toFixed(1)} s, 50 streams open)`,
  );
}

const env = { STREAMS_PER_USER: String(TABS + 1), LOG_REQUESTS: 'false' };
// a fresh PGlite data directory is migrated at first start: slow on a busy machine
const pglite = await startServer({ env, startTimeoutMs: 600_000 });
try {
  await measure('PGlite', pglite);
} finally {
  await pglite.stop();
}

let url = process.env.DATABASE_URL;
let cluster: Awaited<ReturnType<typeof startPgCluster>> | null = null;
const missing = url ? null : pgUnavailable();
if (missing) console.log(`PostgreSQL: skipped (${missing})`);
else {
  if (!url) {
    cluster = await startPgCluster();
    url = await cluster.createDatabase(
      `clipdeck_live_bench_${crypto.randomBytes(3).toString('hex')}`,
    );
  }
  const postgres = await startServer({
    env: { ...env, DATABASE_URL: url },
    startTimeoutMs: 600_000,
  });
  try {
    await measure('PostgreSQL', postgres);
  } finally {
    await postgres.stop();
    cluster?.stop();
  }
}
