// The server's database connections carry a statement timeout (DB_STATEMENT_TIMEOUT_MS), so
// one slow query cannot hold a connection for ever. On PostgreSQL (`npm run test:pg`) it is
// enforced: a statement running past it is cancelled (SQLSTATE 57014). PGlite records the
// setting but, single-threaded in WebAssembly, has no timer to cancel a statement with.
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadEnv } from '../env.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

const BASE = process.env.TEST_DATABASE_URL;
const name = `clipdeck_timeout_${crypto.randomBytes(5).toString('hex')}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const show = async (handle: DatabaseHandle) => {
  const result = await handle.db.execute<{ statement_timeout: string }>(
    sql`show statement_timeout`,
  );
  return (result as unknown as { rows: { statement_timeout: string }[] }).rows[0]!
    .statement_timeout;
};

describe('statement timeout', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    if (BASE) {
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(BASE);
      url.pathname = `/${name}`;
      handle = await openDatabase({ url: url.toString(), statementTimeoutMs: 400 });
    } else {
      handle = await openDatabase({ statementTimeoutMs: 400 });
    }
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (BASE) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('defaults to 10 s in the configuration', () => {
    expect(loadEnv({}).DB_STATEMENT_TIMEOUT_MS).toBe(10_000);
  });

  it('is set on every connection', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => show(handle)));
    expect(answers).toEqual(['400ms', '400ms', '400ms']);
  });

  it.skipIf(!BASE)('cancels a statement that runs past it (PostgreSQL)', async () => {
    const error = await handle.db.execute(sql`select pg_sleep(2)`).then(
      () => null,
      (e: unknown) => e as { cause?: { code?: string }; code?: string },
    );
    expect(error?.cause?.code ?? error?.code).toBe('57014');
    expect(await show(handle)).toBe('400ms'); // the pool's next query still works
  });
});
