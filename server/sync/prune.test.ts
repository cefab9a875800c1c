// The idempotency store's bounds: pruning removes only answers no client can ask for again (a
// recent one, and each client's last, still replay), a replay of a pruned change is told so
// (410, nothing applied again, alone or in a batch), two processes pruning at once agree, and
// a user cannot start unbounded numbers of clients.
import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../db/rows.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { MAX_NEW_CLIENTS } from './idempotency.ts';
import { pruneSyncResults } from './prune.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const send = (token: string, key: string, name: string) =>
  server.call('POST', '/api/kanban/columns/new', {
    token,
    body: { name },
    headers: { 'Idempotency-Key': key },
  });

async function columnCount(token: string) {
  const res = await server.call('GET', '/api/kanban/board', { token });
  return ((await res.json()) as { board: { columnOrder: string[] } }).board.columnOrder.length;
}

async function storedSeqs(clientId: string) {
  const rows = await queryRows<{ seq: number }>(
    server.deps.database.db,
    sql`select seq from sync_results where client_id = ${clientId} order by seq`,
  );
  return rows.map((r) => r.seq);
}

/** Four changes; 1, 2 and 4 answered 31 days ago, 3 today. */
async function clientWithHistory() {
  const { token } = await server.createUser();
  const clientId = crypto.randomUUID();
  for (let seq = 1; seq <= 4; seq += 1) {
    expect((await send(token, `${clientId}:${seq}`, `Column ${seq}`)).status).toBe(201);
  }
  await server.deps.database.db.execute(sql`
    update sync_results set created_at = now() - interval '31 days'
    where client_id = ${clientId} and seq <> 3`);
  return { token, clientId };
}

describe('pruning the sync answers', () => {
  it('removes only the answers past the window below the last sequence', async () => {
    const { token, clientId } = await clientWithHistory();
    expect(await pruneSyncResults(server.deps.database.db, 30)).toBeGreaterThanOrEqual(2);
    expect(await storedSeqs(clientId)).toEqual([3, 4]);

    // a recent answer and the last one still replay
    for (const seq of [3, 4]) {
      const res = await send(token, `${clientId}:${seq}`, `Column ${seq}`);
      expect(res.status).toBe(201);
      expect(res.headers.get('Idempotent-Replayed')).toBe('true');
    }
    // a pruned one is told clearly and is not applied again
    const gone = await send(token, `${clientId}:1`, 'Column 1');
    expect(gone.status).toBe(410);
    const body = (await gone.json()) as { error: string; fields: Record<string, string> };
    expect(body.error).toMatch(/applied long ago/);
    expect(body.fields['Idempotency-Key']).toMatch(/pruned/);
    expect(await columnCount(token)).toBe(4);
    // the queue goes on
    expect((await send(token, `${clientId}:5`, 'Column 5')).status).toBe(201);
  });

  it('answers a pruned change in a batch with 410 and goes on', async () => {
    const { token, clientId } = await clientWithHistory();
    await pruneSyncResults(server.deps.database.db, 30);
    const change = (seq: number) => ({
      key: `${clientId}:${seq}`,
      method: 'POST',
      path: '/api/kanban/columns/new',
      body: JSON.stringify({ name: `Column ${seq}` }),
    });
    const res = await server.call('POST', '/api/sync/batch', {
      token,
      body: { changes: [change(2), change(3), change(5)] },
    });
    const { results, stopped } = (await res.json()) as {
      results: { status: number; replayed: boolean }[];
      stopped: boolean;
    };
    expect(results.map((r) => [r.status, r.replayed])).toEqual([
      [410, false],
      [201, true],
      [201, false],
    ]);
    expect(stopped).toBe(false);
    expect(await columnCount(token)).toBe(5);
  });

  it('keeps everything inside the window, and lets one of two processes prune at a time', async () => {
    const { clientId } = await clientWithHistory();
    expect(await pruneSyncResults(server.deps.database.db, 60)).toBe(0);
    expect(await storedSeqs(clientId)).toEqual([1, 2, 3, 4]);
    const both = await Promise.all([
      pruneSyncResults(server.deps.database.db, 30),
      pruneSyncResults(server.deps.database.db, 30),
    ]);
    expect(both.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBeGreaterThanOrEqual(2);
    expect(await storedSeqs(clientId)).toEqual([3, 4]);
  });
});

describe('sync clients', () => {
  it(`refuses a user's new client past ${MAX_NEW_CLIENTS} in the window with 429, not a 500`, async () => {
    const { token, user } = await server.createUser();
    await server.deps.database.db.execute(sql`
      insert into sync_clients (user_id, client_id, last_seq)
      select ${user.id}, 'client-' || g, 1 from generate_series(1, ${MAX_NEW_CLIENTS}) g`);
    const res = await send(token, `${crypto.randomUUID()}:1`, 'One device too many');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(((await res.json()) as { fields: object }).fields).toHaveProperty('Idempotency-Key');
    expect(await columnCount(token)).toBe(0);
    // a known client goes on
    expect((await send(token, 'client-1:2', 'Known device')).status).toBe(201);
  });
});
