// The advisory locks several API processes share (advisory-locks.ts). Each "process" here is a
// separate connection to one PostgreSQL database, as separate server processes would have.
// Runs under `npm run test:pg`; without PostgreSQL only the PGlite behaviour is checked.
import crypto from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { exclusively, runWhileHolding } from './advisory-locks.ts';

const BASE = process.env.TEST_DATABASE_URL;
const name = `clipdeck_locks_${crypto.randomBytes(5).toString('hex')}`;
const TEST_LOCK = 0x7465_7374_0001n;

describe('runWhileHolding without PostgreSQL (PGlite: one process)', () => {
  it('starts the job at once and stops it', () => {
    const stopJob = vi.fn();
    const stop = runWhileHolding({ lockId: TEST_LOCK, start: () => stopJob });
    expect(stopJob).not.toHaveBeenCalled();
    stop();
    expect(stopJob).toHaveBeenCalledTimes(1);
  });
});

describe.skipIf(!BASE)('advisory locks across processes (PostgreSQL only)', () => {
  let url = '';
  const admin = () => new pg.Client({ connectionString: BASE });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const u = new URL(BASE!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('exclusively: two processes take turns, never overlapping', async () => {
    const trace: string[] = [];
    const work = (who: string) =>
      exclusively(url, TEST_LOCK, async () => {
        trace.push(`${who} in`);
        await new Promise((r) => setTimeout(r, 150));
        trace.push(`${who} out`);
        return who;
      });
    expect(await Promise.all([work('a'), work('b')])).toEqual(['a', 'b']);
    // whoever got the lock first finished before the other began
    expect([
      ['a in', 'a out', 'b in', 'b out'],
      ['b in', 'b out', 'a in', 'a out'],
    ]).toContainEqual(trace);
  });

  it('runWhileHolding: one process runs the job; another takes over when it stops', async () => {
    const running = new Set<string>();
    const job = (who: string) => () => {
      running.add(who);
      return () => running.delete(who);
    };
    const stopA = runWhileHolding({ url, lockId: TEST_LOCK, start: job('a'), retryMs: 100 });
    await vi.waitFor(() => expect(running).toEqual(new Set(['a'])));
    const stopB = runWhileHolding({ url, lockId: TEST_LOCK, start: job('b'), retryMs: 100 });
    await new Promise((r) => setTimeout(r, 500));
    expect(running).toEqual(new Set(['a']));
    stopA();
    await vi.waitFor(() => expect(running).toEqual(new Set(['b'])), { timeout: 5000 });
    stopB();
    expect(running.size).toBe(0);
  });

  it('the holder losing its connection (a killed process) hands the job over', async () => {
    const running = new Set<string>();
    const changes: string[] = [];
    const holder = (who: string) => ({
      url,
      lockId: TEST_LOCK,
      retryMs: 100,
      start: () => {
        running.add(who);
        return () => running.delete(who);
      },
      onChange: (holding: boolean) => changes.push(`${who} ${holding ? 'took' : 'lost'}`),
      onError: () => undefined,
    });
    const stopA = runWhileHolding(holder('a'));
    await vi.waitFor(() => expect(running).toEqual(new Set(['a'])));
    const stopB = runWhileHolding(holder('b'));
    // end the holder's session the way PostgreSQL sees a process die: its backend goes away.
    // Only this file's database: other files running beside it hold advisory locks of their
    // own (the migration lock) in theirs.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await client.end();
    await vi.waitFor(() => expect(changes).toContain('a lost'), { timeout: 5000 });
    await vi.waitFor(() => expect(running.size).toBe(1), { timeout: 5000 });
    expect(changes.slice(0, 2)).toEqual(['a took', 'a lost']);
    stopA();
    stopB();
  });
});
