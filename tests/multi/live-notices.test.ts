// Shared boards across two API processes on one PostgreSQL (docs/live.md, docs/operations.md):
// a change written through one process reaches a member's GET /api/live stream held on the
// other, both ways (the notice goes out after commit with pg_notify and each process LISTENs);
// presence and a removal do too; and a stream that reconnects to a restarted process with its
// cursor gets a notice for what changed while it was away. `npm run test:multi`; skipped with
// the reason when PostgreSQL's programs are not installed.
import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signUp, startServer, type RunningServer } from '../e2e/support.ts';
import { call, openLive, type StreamEvent } from './clients.ts';
import { pgUnavailable, startPgCluster, type PgCluster } from './pg-cluster.ts';

const unavailable = pgUnavailable();
if (unavailable) console.warn(`live notices across processes skipped: ${unavailable}`);

interface Account {
  token: string;
  id: string;
  email: string;
}

const notice = (feature: string, scope: string, atLeast: number) => (e: StreamEvent) => {
  if (e.event !== 'notice') return false;
  const data = JSON.parse(e.data) as { feature: string; scope: string; cursor: number };
  return data.feature === feature && data.scope === scope && data.cursor >= atLeast;
};

describe.skipIf(unavailable !== null)('live notices between two API processes', () => {
  let cluster: PgCluster;
  let a: RunningServer;
  let b: RunningServer;
  let alice: Account;
  let bob: Account;
  let boardId: string;

  async function account(server: RunningServer, name: string): Promise<Account> {
    const email = `${name}-${crypto.randomBytes(3).toString('hex')}@live.dev`;
    const { accessToken, user } = await signUp(server, { email, password: `${name} password` });
    return { token: accessToken, id: user.id, email };
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase('clipdeck_live_multi');
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: 'two-processes-share-this-secret-0123456789',
      LOG_REQUESTS: 'false',
    };
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    alice = await account(a, 'alice');
    bob = await account(b, 'bob');
    const boards = await call(a, 'GET', '/api/kanban/boards', { token: alice.token });
    boardId = (boards.body as { boards: { id: string }[] }).boards[0]!.id;
    const invited = await call(a, 'POST', '/api/sharing/invite', {
      token: alice.token,
      body: { kind: 'board', id: boardId, email: bob.email, role: 'editor' },
    });
    expect(invited.status).toBe(201);
    const accepted = await call(b, 'POST', '/api/sharing/accept', {
      token: bob.token,
      body: { kind: 'board', id: boardId },
    });
    expect(accepted.status).toBe(200);
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    cluster?.stop();
  });

  it('delivers each process’s board changes and presence to the other’s streams', async () => {
    const bobOnB = await openLive(b, bob.token);
    const aliceOnA = await openLive(a, alice.token);
    try {
      const column = crypto.randomUUID();
      const made = await call(a, 'POST', '/api/kanban/columns/new', {
        token: alice.token,
        body: { id: column, boardId, name: 'From A' },
      });
      expect(made.status).toBe(201);
      const seen = await bobOnB.waitFor(notice('kanban', boardId, 1), 10_000);
      const cursor = (JSON.parse(seen.data) as { cursor: number }).cursor;

      const moved = await call(b, 'POST', '/api/kanban/columns/update', {
        token: bob.token,
        body: { columnId: column, column: { name: 'From B' } },
      });
      expect(moved.status).toBe(200);
      await aliceOnA.waitFor(notice('kanban', boardId, cursor + 1), 10_000);

      await call(b, 'POST', '/api/live/presence', {
        token: bob.token,
        body: { boardId, tabId: 'bob-tab', cardId: null },
      });
      await aliceOnA.waitFor((e) => e.event === 'presence' && e.data.includes(bob.id), 10_000);
    } finally {
      bobOnB.close();
      aliceOnA.close();
    }
  });

  it('resumes on a restarted process from the cursor the stream last sent', async () => {
    const first = await openLive(b, bob.token);
    const ready = await first.waitFor(notice('kanban', boardId, 0), 10_000);
    const cursor = first.events.filter((e) => e.id).at(-1)!.id!;
    const before = (JSON.parse(ready.data) as { cursor: number }).cursor;
    first.close();
    await b.restart();
    await call(a, 'POST', '/api/kanban/columns/new', {
      token: alice.token,
      body: { boardId, name: 'While B was down' },
    });
    const again = await openLive(b, bob.token, cursor);
    try {
      await again.waitFor(notice('kanban', boardId, before + 1), 10_000);
      // nothing else moved: only the board's notice came
      expect(again.events.filter((e) => e.event === 'notice')).toHaveLength(1);
    } finally {
      again.close();
    }
  });

  it('tells a member removed through the other process at once', async () => {
    const bobOnB = await openLive(b, bob.token);
    try {
      await bobOnB.waitFor(notice('kanban', boardId, 0), 10_000);
      const removed = await call(a, 'POST', '/api/sharing/remove', {
        token: alice.token,
        body: { kind: 'board', id: boardId, userId: bob.id },
      });
      expect(removed.status).toBe(200);
      await bobOnB.waitFor((e) => e.event === 'revoked' && e.data.includes(boardId), 10_000);
      const read = await call(b, 'GET', `/api/kanban/boards/${boardId}`, { token: bob.token });
      expect(read.status).toBe(404);
    } finally {
      bobOnB.close();
    }
  });
});
