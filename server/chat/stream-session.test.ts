// The live stream (/api/chat/stream) holds only while the session that opened it does: after
// "sign out everywhere", a password change, a ban or the token's expiry the server closes it
// (checked on a timer and before each delivery), and a user may hold STREAMS_PER_USER streams
// at once across API processes. Over real HTTP, as a browser reads it.
import type { AddressInfo } from 'node:net';

import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../app.ts';
import { createTokenService } from '../auth/tokens.ts';
import { users } from '../db/schema/index.ts';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;

const CAP = 3;
let t: TestServer;
let base: string;
let otherBase: string;
const servers: ServerType[] = [];

function listen(app: ReturnType<typeof createApp>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1' },
      (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`),
    );
    servers.push(server);
  });
}

beforeAll(async () => {
  t = await createTestServer({ STREAM_RECHECK_MS: '300', STREAMS_PER_USER: String(CAP) });
  base = await listen(t.app);
  otherBase = await listen(createApp(t.deps)); // a second API process on the same database
});
afterAll(async () => {
  for (const server of servers) server.close();
  await t.close();
});

interface Live {
  status: number;
  events: string[];
  /** Resolves with the time the server ended the stream. */
  ended: Promise<number>;
  close: () => void;
}

async function open(token: string, at = base): Promise<Live> {
  const abort = new AbortController();
  const res = await fetch(`${at}/api/chat/stream`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  const events: string[] = [];
  let ended: Promise<number> = Promise.resolve(Date.now());
  if (res.ok) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    ended = (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return Date.now();
          buffer += decoder.decode(chunk.value, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            events.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        return -1; // aborted by the test
      }
    })();
    await until(() => events.some((e) => e.includes('event: ready')));
  } else {
    events.push(await res.text());
  }
  return { status: res.status, events, ended, close: () => abort.abort() };
}

async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

/** Resolves with how long the stream stayed open after `at`, or null if it outlived `ms`. */
const closedWithin = (live: Live, at: number, ms: number) =>
  Promise.race([
    live.ended.then((when) => when - at),
    new Promise<null>((r) => setTimeout(() => r(null), ms)),
  ]);

async function post(path: string, token: string, body: unknown = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('a live stream after its session ends', () => {
  let alice: User;
  beforeAll(async () => {
    alice = await t.createUser();
  });

  it('is closed within seconds of logout-all, on every process', async () => {
    const { token } = await t.createUser();
    const here = await open(token);
    const there = await open(token, otherBase);
    const at = Date.now();
    expect((await post('/api/v1/user/logout-all', token)).status).toBe(200);
    expect(await closedWithin(here, at, 3000)).not.toBeNull();
    expect(await closedWithin(there, at, 3000)).not.toBeNull();
    // and a reconnect is refused
    expect((await open(token)).status).toBe(401);
  });

  it('delivers nothing once revoked, even when a message wakes it before the timer', async () => {
    const bob = await t.createUser();
    const conv = await post('/api/chat/conversations/new', alice.token, {
      participantIds: [bob.user.id],
    });
    const conversationId = ((await conv.json()) as { conversation: { id: string } }).conversation
      .id;
    t.deps.env.STREAM_RECHECK_MS = 60_000; // only the wake can notice
    try {
      const live = await open(bob.token);
      await t.deps.database.db
        .update(users)
        .set({ tokensValidAfter: new Date(Date.now() + 1000) })
        .where(eq(users.id, bob.user.id));
      const at = Date.now();
      expect(
        (await post('/api/chat/messages/new', alice.token, { conversationId, body: 'secret' }))
          .status,
      ).toBe(201);
      expect(await closedWithin(live, at, 3000)).not.toBeNull();
      expect(live.events.join('\n')).not.toContain('secret');
    } finally {
      t.deps.env.STREAM_RECHECK_MS = 300;
    }
  });

  it('is closed after a password change', async () => {
    const { token } = await t.createUser();
    const live = await open(token);
    const at = Date.now();
    const changed = await post('/api/v1/user/password/change', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase 42',
    });
    expect(changed.status).toBe(200);
    expect(await closedWithin(live, at, 3000)).not.toBeNull();
  });

  it('is closed when the user is banned', async () => {
    const { token, user } = await t.createUser();
    const live = await open(token);
    const at = Date.now();
    await t.deps.database.db.update(users).set({ status: 'banned' }).where(eq(users.id, user.id));
    expect(await closedWithin(live, at, 3000)).not.toBeNull();
  });

  it('is closed when its token expires', async () => {
    const { user } = await t.createUser();
    const shortLived = createTokenService({
      secret: t.env.JWT_SECRET!,
      issuer: t.env.JWT_ISSUER,
      audience: t.env.JWT_AUDIENCE,
      ttlSeconds: 2,
    });
    const token = await shortLived.sign(user);
    const live = await open(token);
    const at = Date.now();
    const openFor = await closedWithin(live, at, 5000);
    expect(openFor).not.toBeNull();
    expect(openFor!).toBeLessThan(3500);
  });

  it('stays open while the session holds', async () => {
    const { token } = await t.createUser();
    const live = await open(token);
    expect(await closedWithin(live, Date.now(), 1500)).toBeNull();
    live.close();
  });
});

describe('streams per user', () => {
  it(`answers 429 past ${CAP} open streams, counted across processes, and frees a closed one`, async () => {
    const { token } = await t.createUser();
    const streams: Live[] = [];
    for (let i = 0; i < CAP; i += 1) {
      const live = await open(token, i % 2 ? otherBase : base);
      expect(live.status).toBe(200);
      streams.push(live);
    }
    const refused = await open(token, otherBase);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.events[0]!)).toEqual({ error: expect.stringMatching(/at most 3/) });
    // another user is not affected
    const other = await open((await t.createUser()).token);
    expect(other.status).toBe(200);
    other.close();
    streams[0]!.close();
    let again: Live | undefined;
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      again = await open(token);
      if (again.status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(again!.status).toBe(200);
    again!.close();
    for (const live of streams) live.close();
  });
});
