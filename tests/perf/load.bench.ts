// `npm run bench:load [-- --pg] [--duration 30] [--connections 50,200]`: HTTP load with
// autocannon against a real server process with the demo data. It starts the server itself on
// a temp DATA_DIR with the demo seed: PGlite by default, or with `--pg` a throwaway PostgreSQL
// cluster (Debian's, as `npm run test:multi` starts it). Then, signed in as the demo user, each
// call runs for `--duration` seconds at each connection count:
//   search         GET  /trpc/catalogue.searchClips (full-text, a rotating word)
//   mail list      GET  /api/mail/mails?labelId=inbox
//   kanban board   GET  /api/kanban/board
//   calendar       GET  /api/calendar/events (one month)
//   sign-in        POST /api/v1/user/login (the demo password; argon2id by design), last: its
//                  backlog would slow the next call
// Before each row the bench waits for the server to work off what the last one left queued. It
// prints requests per second, p50/p95/p99 latency and the answers that were not 2xx, by
// status (and socket errors and timeouts). Sign-in may answer 429 (throttling) and every call
// 503 (the server shedding a request that waited its REQUEST_QUEUE_MS for a turn, with
// Retry-After: server/lib/admission.ts); any other non-2xx or error is listed under
// "unexpected" and makes the run exit 1. A benchmark, not a test: it is not in CI, and it
// asserts nothing about time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';

import { startServer, type RunningServer } from '../e2e/support.ts';
import { startPgCluster, type PgCluster } from '../multi/pg-cluster.ts';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50,200' },
  },
});
const duration = Number(values.duration);
const connectionCounts = values.connections.split(',').map(Number);
if (!(duration > 0) || connectionCounts.some((n) => !(n > 0))) {
  console.error('usage: npm run bench:load -- [--pg] [--duration SECONDS] [--connections 50,200]');
  process.exit(2);
}

const DEMO = { email: 'demo@clipdeck.dev', password: 'clipdeck-demo' };
const WORDS = ['love', 'war', 'night', 'city', 'king', 'dead', 'star', 'man', 'girl', 'time'];

interface Scenario {
  name: string;
  /** statuses that are the server doing its job under load (throttling, shedding), not failures */
  expected: number[];
  request: (token: string) => autocannon.Request[];
}

const json = { 'content-type': 'application/json' };
const SCENARIOS: Scenario[] = [
  {
    name: 'catalogue search',
    expected: [503],
    request: () =>
      WORDS.map((word) => ({
        method: 'GET',
        path: `/trpc/catalogue.searchClips?input=${encodeURIComponent(JSON.stringify({ textArr: [word], limit: 24 }))}`,
      })),
  },
  {
    name: 'mail list',
    expected: [503],
    request: () => [{ method: 'GET', path: '/api/mail/mails?labelId=inbox&limit=50' }],
  },
  {
    name: 'kanban board',
    expected: [503],
    request: () => [{ method: 'GET', path: '/api/kanban/board' }],
  },
  {
    name: 'calendar events',
    expected: [503],
    request: () => {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
      return [{ method: 'GET', path: `/api/calendar/events?start=${start}&end=${end}` }];
    },
  },
  {
    name: 'sign-in',
    expected: [429, 503],
    request: () => [
      { method: 'POST', path: '/api/v1/user/login', headers: json, body: JSON.stringify(DEMO) },
    ],
  },
];

interface Row {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  ok: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  unexpected: number;
}

function percentile(sorted: number[], q: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function measure(
  server: RunningServer,
  token: string,
  scenario: Scenario,
  connections: number,
): Promise<Row> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration,
        timeout: 30,
        headers: { authorization: `Bearer ${token}` },
        requests: scenario.request(token),
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  times.sort((x, y) => x - y);
  const ok = Object.entries(statuses)
    .filter(([s]) => s.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  const unexpected = Object.entries(statuses)
    .filter(([s]) => !s.startsWith('2') && !scenario.expected.includes(Number(s)))
    .reduce((n, [, c]) => n + c, 0);
  return {
    scenario: scenario.name,
    connections,
    rps: times.length / duration,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    ok,
    statuses: Object.fromEntries(Object.entries(statuses).filter(([s]) => !s.startsWith('2'))),
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    unexpected: unexpected + result.errors,
  };
}

/**
 * Waits until the server has worked off what the last row left queued (requests autocannon
 * gave up on still run): /healthz answers within 50 ms twice in a row, or 90 s have passed.
 */
async function settle(server: RunningServer) {
  const deadline = Date.now() + 90_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${server.url}/healthz`).catch(() => undefined);
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function table(rows: Row[]) {
  const head = [
    'call',
    'conns',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    '2xx',
    'non-2xx by status',
    'errors',
  ];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.connections),
    r.rps.toFixed(0),
    r.p50.toFixed(0),
    r.p95.toFixed(0),
    r.p99.toFixed(0),
    String(r.ok),
    Object.entries(r.statuses)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ') || '0',
    r.errors + r.timeouts ? `${r.errors} errors, ${r.timeouts} timeouts` : '0',
  ]);
  const md = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [md(head), md(head.map(() => '---')), ...lines.map(md)].join('\n');
}

let cluster: PgCluster | null = null;
let server: RunningServer | null = null;
let exitCode = 0;
try {
  const env: Record<string, string> = {
    LOG_REQUESTS: 'false',
    JWT_SECRET: 'load-bench-secret-load-bench-secret-0123',
  };
  if (values.pg) {
    cluster = await startPgCluster({ maxConnections: 100 });
    env.DATABASE_URL = await cluster.createDatabase('clipdeck_load');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipdeck-load-'));
  const seeding = Date.now();
  console.log(`starting the server on ${values.pg ? 'PostgreSQL' : 'PGlite'} with the demo data…`);
  server = await startServer({ seed: true, dataDir, env });
  console.log(`server ready in ${((Date.now() - seeding) / 1000).toFixed(0)} s (${server.url})`);
  const login = await fetch(`${server.url}/api/v1/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(DEMO),
  });
  if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
  const { accessToken } = (await login.json()) as { accessToken: string };

  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    for (const connections of connectionCounts) {
      await settle(server);
      const row = await measure(server, accessToken, scenario, connections);
      rows.push(row);
      console.log(
        `${row.scenario} × ${connections}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms, p99 ${row.p99.toFixed(0)} ms`,
      );
    }
  }
  console.log(
    `\nLoad: ${values.pg ? 'PostgreSQL' : 'PGlite'}, one server process, ${duration} s per row, ` +
      `${os.cpus().length} cores, Node ${process.version}, ` +
      `machine load average ${loadBefore} before and ${os.loadavg()[0]!.toFixed(1)} after\n`,
  );
  console.log(table(rows));
  const bad = rows.filter((r) => r.unexpected > 0);
  if (bad.length) {
    console.error(
      `\nunexpected answers or errors in: ${bad.map((r) => `${r.scenario} × ${r.connections}`).join(', ')}`,
    );
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server?.stop();
  cluster?.stop();
}
process.exit(exitCode);
