// The crash part of the two-process run: several devices replay their offline queues (one
// keyed change at a time, `Idempotency-Key: clientId:seq`, as the PWA's outbox does) to the
// victim process, which is killed with SIGKILL once some changes were acknowledged. Each device
// then fails over to the surviving process and goes on from its first unacknowledged change
// (the one in flight may or may not have been applied). Afterwards the database must hold every
// change exactly once, above all every change the victim acknowledged.
import type pg from 'pg';

import type { RunningServer } from '../e2e/support.ts';
import { call } from './clients.ts';

const DEVICES = 4;
const CHANGES_PER_DEVICE = 30;
const KILL_AFTER_ACKS = 30;

export interface KillOutcome {
  total: number;
  acknowledgedBeforeKill: number;
  missingAcknowledged: string[];
  duplicated: string[];
  missing: string[];
}

const title = (device: number, seq: number) => `kill-run ${device}-${seq}`;

function change(device: number, seq: number) {
  return {
    headers: { 'Idempotency-Key': `kill-device-${device}:${seq}` },
    body: {
      title: title(device, seq),
      start: '2026-12-03T10:00:00.000Z',
      end: '2026-12-03T11:00:00.000Z',
    },
  };
}

export async function runKillRun(options: {
  victim: RunningServer;
  survivor: RunningServer;
  token: string;
  sql: pg.Client;
}): Promise<KillOutcome> {
  const { victim, survivor, token, sql } = options;
  const acknowledged: string[] = [];
  const next = Array.from({ length: DEVICES }, () => 1);
  const kill: { done: Promise<void> | null } = { done: null };

  const replay = async (device: number, server: RunningServer) => {
    while (next[device]! <= CHANGES_PER_DEVICE) {
      const seq = next[device]!;
      const reply = await call(server, 'POST', '/api/calendar/events/new', {
        token,
        ...change(device, seq),
      });
      if (reply.status !== 201) throw new Error(`change ${device}:${seq}: ${reply.status}`);
      if (server === victim) acknowledged.push(title(device, seq));
      next[device] = seq + 1;
      if (!kill.done && acknowledged.length >= KILL_AFTER_ACKS) kill.done = victim.kill();
    }
  };

  // on the victim until it dies (a refused or cut connection ends a device's run there)
  await Promise.all(
    Array.from({ length: DEVICES }, (_, d) => replay(d, victim).catch(() => undefined)),
  );
  if (!kill.done) throw new Error('the devices finished before the victim was killed');
  await kill.done;
  const acknowledgedBeforeKill = acknowledged.length;
  // failover: each device goes on from its first unacknowledged change
  await Promise.all(Array.from({ length: DEVICES }, (_, d) => replay(d, survivor)));

  const { rows } = await sql.query<{ title: string; n: number }>(
    "SELECT title, count(*)::int AS n FROM calendar_events WHERE title LIKE 'kill-run %' GROUP BY title",
  );
  const counts = new Map(rows.map((r) => [r.title, r.n]));
  const all = Array.from({ length: DEVICES }, (_, d) =>
    Array.from({ length: CHANGES_PER_DEVICE }, (_, i) => title(d, i + 1)),
  ).flat();
  return {
    total: all.length,
    acknowledgedBeforeKill,
    missingAcknowledged: acknowledged.filter((t) => !counts.get(t)),
    duplicated: all.filter((t) => (counts.get(t) ?? 0) > 1),
    missing: all.filter((t) => !counts.get(t)),
  };
}
