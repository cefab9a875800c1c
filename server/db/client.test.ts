// PostgreSQL only (`npm run test:pg`): the server survives PostgreSQL closing its idle
// connections, and the next query opens a new one.
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { openDatabase, type DatabaseHandle } from './client.ts';

const BASE = process.env.TEST_DATABASE_URL;
const name = `clipdeck_client_${crypto.randomBytes(5).toString('hex')}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!BASE)('the PostgreSQL pool', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(BASE!);
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString() });
  });
  afterAll(async () => {
    await handle?.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('survives its idle connections being terminated, and the next query works', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // a few connections in the pool, then idle
    await Promise.all([1, 2, 3].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
    const terminated = await admin(async (c) => {
      const { rows } = await c.query<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1',
        [name],
      );
      return rows.filter((r) => r.ok).length;
    });
    expect(terminated).toBeGreaterThan(0);
    // every terminated connection is reported (and dropped) before the next query: a query
    // sent in the moment between the signal and its socket closing would fail like any other
    const reported = () =>
      log.mock.calls.filter((call) =>
        String(call[0]).includes('PostgreSQL closed an idle connection'),
      ).length;
    await vi.waitFor(() => expect(reported()).toBe(terminated), { timeout: 5000 });
    const result = await handle.db.execute(sql`select 1 as one`);
    expect(result.rows[0]).toEqual({ one: 1 });
    log.mockRestore();
  });
});
