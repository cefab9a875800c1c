// Two API processes on one PostgreSQL (docs/operations.md#several-api-processes: stateless API
// processes behind any load balancer). Starts a throwaway PostgreSQL cluster (Debian's, as `npm run
// test:pg` does) and two real server processes (the bundle `npm start` runs) on one database,
// started at the same time, and checks over HTTP that they behave as one server: chat and mail
// notices reach a GET /api/live stream on the other process, sign-in throttling counts across both, idempotent replays
// split across both apply once, one process holds the catalogue indexer, and a process killed
// (SIGKILL) in the middle of a stream of writes loses nothing it acknowledged. `npm run
// test:multi`; skipped with the reason when PostgreSQL's programs are not installed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { productInput, orderInput, TINY_PNG } from '../../server/shop/testing/fixtures.ts';
import { signUp, startServer, type RunningServer } from '../e2e/support.ts';
import { call, openLive, type LiveStream, type StreamEvent } from './clients.ts';
import { runKillRun } from './kill-run.ts';
import { pgUnavailable, startPgCluster, type PgCluster } from './pg-cluster.ts';

const unavailable = pgUnavailable();
if (unavailable) console.warn(`two-process run skipped: ${unavailable}`);

interface Message {
  body: string;
  senderId: string;
}
const notice = (e: StreamEvent) => JSON.parse(e.data) as { feature: string; cursor: number };

interface Account {
  token: string;
  id: string;
  email: string;
}

describe.skipIf(unavailable !== null)('two API processes on one PostgreSQL', () => {
  let cluster: PgCluster;
  let sql: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let alice: Account;
  let bob: Account;

  async function account(server: RunningServer, name: string): Promise<Account> {
    const email = `${name}-${crypto.randomBytes(3).toString('hex')}@multi.dev`;
    const { accessToken, user } = await signUp(server, { email, password: `${name} password` });
    return { token: accessToken, id: user.id, email };
  }

  beforeAll(async () => {
    cluster = await startPgCluster();
    const url = await cluster.createDatabase('clipdeck_multi');
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: 'two-processes-share-this-secret-0123456789',
      LOG_REQUESTS: 'false',
      // the indexer competes for its lock (it only indexes where pgvector is installed)
      EMBEDDINGS: 'on',
    };
    // started together: the migrations must be applied once, not raced
    [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    alice = await account(a, 'alice');
    bob = await account(b, 'bob');
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await sql?.end();
    cluster?.stop();
  });

  it('both processes started together on an empty database; migrations ran once', async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.resolve('server/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = await sql.query<{ n: string }>(
      'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]!.n)).toBe(journal.entries.length);
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  });

  /** The cursor of the first `feature` notice (the stream's starting point), and a matcher for a later one. */
  async function personalCursor(stream: LiveStream, feature: 'chat' | 'mail') {
    const first = await stream.waitFor(
      (e) => e.event === 'notice' && notice(e).feature === feature,
    );
    const start = notice(first).cursor;
    return (e: StreamEvent) =>
      e.event === 'notice' && notice(e).feature === feature && notice(e).cursor > start;
  }

  it('chat: a message sent through one process arrives live on the other, both ways', async () => {
    const bobStream = await openLive(b, bob.token);
    const aliceStream = await openLive(a, alice.token);
    try {
      const bobsNext = await personalCursor(bobStream, 'chat');
      const alicesNext = await personalCursor(aliceStream, 'chat');
      const opened = await call(a, 'POST', '/api/chat/conversations/new', {
        token: alice.token,
        body: { participantIds: [bob.id], message: { body: 'hello from process A' } },
      });
      expect(opened.status).toBe(201);
      await bobStream.waitFor(bobsNext);
      const { conversation } = opened.body as { conversation: { id: string } };
      const thread = await call(
        b,
        'GET',
        `/api/chat/conversation?conversationKey=${conversation.id}`,
        {
          token: bob.token,
        },
      );
      const { messages } = (thread.body as { conversation: { messages: Message[] } }).conversation;
      expect(messages.find((m) => m.body === 'hello from process A')?.senderId).toBe(alice.id);

      const reply = await call(b, 'POST', '/api/chat/messages/new', {
        token: bob.token,
        body: { conversationId: conversation.id, body: 'hello back from process B' },
      });
      expect(reply.status).toBe(201);
      await aliceStream.waitFor(alicesNext);
      const back = await call(
        a,
        'GET',
        `/api/chat/conversation?conversationKey=${conversation.id}`,
        {
          token: alice.token,
        },
      );
      const answer = (back.body as { conversation: { messages: Message[] } }).conversation;
      expect(answer.messages.some((m) => m.body === 'hello back from process B')).toBe(true);
    } finally {
      bobStream.close();
      aliceStream.close();
    }
  });

  it('mail: a mail sent through process A reaches the inbox stream on process B', async () => {
    const stream = await openLive(b, bob.token);
    try {
      const next = await personalCursor(stream, 'mail');
      const sent = await call(a, 'POST', '/api/mail/send', {
        token: alice.token,
        body: { to: [bob.email], subject: 'Across processes', body: '<p>Sent through A</p>' },
      });
      expect(sent.status).toBe(201);
      await stream.waitFor(next);
      const inbox = await call(b, 'GET', '/api/mail/mails?labelId=inbox', { token: bob.token });
      expect(inbox.status).toBe(200);
      const { mails } = inbox.body as { mails: { subject: string }[] };
      expect(mails.map((m) => m.subject)).toContain('Across processes');
    } finally {
      stream.close();
    }
  });

  it('sign-in throttling counts failures made on both processes', async () => {
    const carol = await account(a, 'carol');
    const wrong = { email: carol.email, password: 'not the password' };
    // three free failures, the fourth holds the pair back: spread over A, B, A, B
    const statuses = [];
    for (const server of [a, b, a, b]) {
      statuses.push((await call(server, 'POST', '/api/v1/user/login', { body: wrong })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401]);
    // neither process saw more than two failures, yet the next attempt is held back on both
    const onA = await call(a, 'POST', '/api/v1/user/login', { body: wrong });
    expect(onA.status).toBe(429);
    expect(Number(onA.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = { email: carol.email, password: 'carol password' };
    expect((await call(b, 'POST', '/api/v1/user/login', { body: right })).status).toBe(429);
  });

  it('a keyed change sent to both processes at once is applied once', async () => {
    const eventId = crypto.randomUUID();
    const body = {
      id: eventId,
      title: 'Sent twice',
      start: '2026-12-01T10:00:00.000Z',
      end: '2026-12-01T11:00:00.000Z',
    };
    const headers = { 'Idempotency-Key': 'twice-device:1' };
    const both = await Promise.all(
      [a, b].map((s) =>
        call(s, 'POST', '/api/calendar/events/new', { token: alice.token, body, headers }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.headers.get('idempotent-replayed')).filter(Boolean)).toEqual(['true']);
    expect(both[0]!.body).toEqual(both[1]!.body);
    const { rows } = await sql.query('SELECT id FROM calendar_events WHERE id = $1', [eventId]);
    expect(rows).toHaveLength(1);
  });

  it('one batch replayed through both processes at once applies each change once', async () => {
    const changes = Array.from({ length: 20 }, (_, i) => ({
      key: `batch-device:${i + 1}`,
      method: 'POST',
      path: '/api/calendar/events/new',
      body: JSON.stringify({
        title: `batch change ${i + 1}`,
        start: '2026-12-02T10:00:00.000Z',
        end: '2026-12-02T11:00:00.000Z',
      }),
    }));
    const replies = await Promise.all(
      [a, b, a, b].map((s) =>
        call(s, 'POST', '/api/sync/batch', { token: alice.token, body: { changes } }),
      ),
    );
    type Results = { results: { status: number; replayed: boolean; body: unknown }[] };
    const results = replies.map((r) => (r.body as Results).results);
    for (const list of results) expect(list.map((r) => r.status)).toEqual(changes.map(() => 201));
    // each change was applied by exactly one of the four requests; the others replayed it
    for (let i = 0; i < changes.length; i += 1) {
      expect(results.filter((list) => !list[i]!.replayed)).toHaveLength(1);
      for (const list of results) expect(list[i]!.body).toEqual(results[0]![i]!.body);
    }
    const { rows } = await sql.query(
      "SELECT count(*)::int AS n FROM calendar_events WHERE title LIKE 'batch change %'",
    );
    expect(rows[0].n).toBe(20);
  });

  it('an order placed through both processes with one Idempotency-Key is one order', async () => {
    await sql.query("UPDATE users SET role = 'admin' WHERE id = $1", [bob.id]);
    const image = new FormData();
    image.append('file', new File([new Uint8Array(TINY_PNG)], 'tee.png', { type: 'image/png' }));
    const uploaded = await fetch(`${b.url}/api/products/images`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bob.token}` },
      body: image,
    });
    const { url } = (await uploaded.json()) as { url: string };
    const created = await call(b, 'POST', '/api/products/new', {
      token: bob.token,
      body: productInput({ stock: 5, images: [url] }),
    });
    expect(created.status).toBe(201);
    const product = (created.body as { product: { id: string } }).product;
    const body = orderInput([{ id: product.id, quantity: 2 }]);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const both = await Promise.all(
      [a, b].map((s) => call(s, 'POST', '/api/orders', { token: alice.token, body, headers })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    const ids = both.map((r) => (r.body as { order: { id: string } }).order.id);
    expect(ids[0]).toBe(ids[1]);
    const { rows } = await sql.query<{ stock: number }>(
      'SELECT stock FROM products WHERE id = $1',
      [product.id],
    );
    expect(rows[0]!.stock).toBe(3);
  });

  it('one process holds the catalogue indexer lock; the other takes over when it dies', async (ctx) => {
    const vector = await sql.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (vector.rowCount === 0) {
      ctx.skip(
        'this PostgreSQL has no pgvector: the indexer does not run (server/db/advisory-locks.test.ts covers the lock under npm run test:pg)',
      );
    }
    const holders = () =>
      [a, b].filter((s) => s.output().includes('catalogue indexer started here'));
    await expect.poll(() => holders().length, { timeout: 20_000 }).toBe(1);
    const [holder] = holders();
    const other = holder === a ? b : a;
    await holder!.kill();
    await expect
      .poll(() => other.output().includes('catalogue indexer started here'), { timeout: 30_000 })
      .toBe(true);
    await holder!.start();
  });

  it('a process killed mid-stream of writes loses nothing it acknowledged', async () => {
    const outcome = await runKillRun({ victim: a, survivor: b, token: alice.token, sql });
    console.log(
      `kill run: ${outcome.acknowledgedBeforeKill} changes acknowledged before SIGKILL, ` +
        `${outcome.total} in all after failover, ${outcome.missing.length} missing, ` +
        `${outcome.duplicated.length} applied twice`,
    );
    expect(outcome.acknowledgedBeforeKill).toBeGreaterThan(0);
    expect(outcome.missingAcknowledged).toEqual([]);
    expect(outcome.duplicated).toEqual([]);
    expect(outcome.missing).toEqual([]);
    // the killed process comes back on the same database and sees every change
    await a.start();
    const events = await call(a, 'GET', '/api/calendar/events', { token: alice.token });
    const titles = (events.body as { events: { title: string }[] }).events.map((e) => e.title);
    expect(titles.filter((t) => t.startsWith('kill-run '))).toHaveLength(outcome.total);
  });
});
