// GET /api/live holds only while the session that opened it does: after "sign out everywhere",
// a password change, a ban or the token's expiry the server closes it (checked every
// STREAM_RECHECK_MS and before each delivery), and a user may hold STREAMS_PER_USER streams at
// once across API processes. While it is open its user shows as online, and a change that
// reached the database without a bus message still arrives by the timed re-check. Over real
// HTTP, as a browser reads it, on two API processes sharing one database.
import type { AddressInfo } from 'node:net';

import { serve, type ServerType } from '@hono/node-server';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../app.ts';
import { createTokenService } from '../auth/tokens.ts';
import type { LiveNotice } from '../contracts/live.ts';
import { chatMessages, requestLimits, users } from '../db/schema/index.ts';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';
import { readSse, type SseEvent } from './sse-reader.ts';
import { team } from './testing/accounts.ts';

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
  for (const live of opened) live.close();
  // the server's side of each stream ends (and frees its slot) before the database closes
  const deadline = Date.now() + 5000;
  while ((await openSlots()) > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  for (const server of servers) server.close();
  await t.close();
});

async function openSlots() {
  const [row] = await t.deps.database.db
    .select({ n: sql<number>`count(*)` })
    .from(requestLimits)
    .where(like(requestLimits.key, 'stream:%'));
  return Number(row?.n ?? 0);
}

interface Live {
  status: number;
  body: string;
  stream: ReturnType<typeof readSse> | null;
  /** Resolves with the time the server ended the stream. */
  ended: Promise<number>;
  close: () => void;
}
const opened: Live[] = [];

async function open(token: string, at = base): Promise<Live> {
  const abort = new AbortController();
  const res = await fetch(`${at}/api/live`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (!res.ok) {
    return {
      status: res.status,
      body: await res.text(),
      stream: null,
      ended: Promise.resolve(Date.now()),
      close: () => undefined,
    };
  }
  const stream = readSse(res);
  await stream.next((e) => e.event === 'ready');
  const ended = stream.ended.then(() => (abort.signal.aborted ? -1 : Date.now()));
  const live = { status: res.status, body: '', stream, ended, close: () => abort.abort() };
  opened.push(live);
  return live;
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

const chatNotice =
  (userId: string, past = -1) =>
  (e: SseEvent) =>
    e.event === 'notice' &&
    (e.data as LiveNotice).feature === 'chat' &&
    (e.data as LiveNotice).scope === userId &&
    (e.data as LiveNotice).cursor > past;

async function conversation(from: User, to: User) {
  const res = await post('/api/chat/conversations/new', from.token, {
    participantIds: [to.user.id],
  });
  return ((await res.json()) as { conversation: { id: string } }).conversation.id;
}

describe('opening the live stream', () => {
  it('needs a signed-in user', async () => {
    expect((await fetch(`${base}/api/live`)).status).toBe(401);
    expect((await open('nope')).status).toBe(401);
  });
});

describe('a live stream after its session ends', () => {
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
    const alice = await t.createUser();
    const bob = await t.createUser();
    const conversationId = await conversation(alice, bob);
    t.deps.env.STREAM_RECHECK_MS = 60_000; // only the wake can notice
    try {
      const live = await open(bob.token);
      const before = (await live.stream!.next(chatNotice(bob.user.id))).data as LiveNotice;
      await t.deps.database.db
        .update(users)
        .set({ tokensValidAfter: new Date(Date.now() + 1000) })
        .where(eq(users.id, bob.user.id));
      const at = Date.now();
      const sent = await post('/api/chat/messages/new', alice.token, {
        conversationId,
        body: 'secret',
      });
      expect(sent.status).toBe(201);
      expect(await closedWithin(live, at, 3000)).not.toBeNull();
      expect(live.stream!.events.filter(chatNotice(bob.user.id, before.cursor))).toEqual([]);
    } finally {
      t.deps.env.STREAM_RECHECK_MS = 300;
    }
  });

  it('when one change wakes several streams, only the revoked one ends and gets nothing', async () => {
    const { owner, editor, viewer, boardId } = await team(t);
    t.deps.env.STREAM_RECHECK_MS = 60_000; // only the wake can notice
    try {
      const isBoard = (past: number) => (e: SseEvent) =>
        e.event === 'notice' &&
        (e.data as LiveNotice).scope === boardId &&
        (e.data as LiveNotice).cursor > past;
      const viewers = await open(viewer.token);
      const editors = await open(editor.token);
      const start = ((await viewers.stream!.next(isBoard(-1))).data as LiveNotice).cursor;
      await editors.stream!.next(isBoard(-1));
      await t.deps.database.db
        .update(users)
        .set({ tokensValidAfter: new Date(Date.now() + 1000) })
        .where(eq(users.id, viewer.user.id));
      const at = Date.now();
      await post('/api/kanban/columns/new', owner.token, { boardId, name: 'After revoking' });
      await editors.stream!.next(isBoard(start));
      expect(await closedWithin(viewers, at, 3000)).not.toBeNull();
      expect(viewers.stream!.events.filter(isBoard(start))).toEqual([]);
      expect(await closedWithin(editors, at, 300)).toBeNull();
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
    expect(JSON.parse(refused.body)).toEqual({ error: expect.stringMatching(/at most 3/) });
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

describe('while a stream is open', () => {
  it('brings a new mail and a new message to their person only', async () => {
    const alice = await t.createUser();
    const bob = await t.createUser();
    const eve = await t.createUser();
    const conversationId = await conversation(alice, bob);
    const bobs = await open(bob.token);
    const eves = await open(eve.token);
    const chatBefore = (await bobs.stream!.next(chatNotice(bob.user.id))).data as LiveNotice;
    const isMail = (e: SseEvent) =>
      e.event === 'notice' && (e.data as LiveNotice).feature === 'mail';
    const mailBefore = (await bobs.stream!.next(isMail)).data as LiveNotice;
    // Eve's first notices (her own scopes' cursors) have come: mail is the last of them
    await eves.stream!.next(isMail);
    const eveFirst = eves.stream!.events.length;
    await post('/api/chat/messages/new', alice.token, { conversationId, body: 'hello' });
    await bobs.stream!.next(chatNotice(bob.user.id, chatBefore.cursor));
    await post('/api/mail/send', alice.token, { to: [bob.user.email], subject: 'ping', body: 'x' });
    const mail = await bobs.stream!.next(
      (e) => isMail(e) && (e.data as LiveNotice).cursor > mailBefore.cursor,
    );
    expect((mail.data as LiveNotice).scope).toBe(bob.user.id);
    await new Promise((r) => setTimeout(r, 400));
    expect(eves.stream!.events.slice(eveFirst).filter((e) => e.event === 'notice')).toEqual([]);
  });

  it('catches up by its timed re-check with a change no bus message announced', async () => {
    const alice = await t.createUser();
    const carol = await t.createUser();
    const conversationId = await conversation(alice, carol);
    const live = await open(carol.token);
    const before = (await live.stream!.next(chatNotice(carol.user.id))).data as LiveNotice;
    // written straight into the database, as a process whose message was lost would
    await t.deps.database.db
      .insert(chatMessages)
      .values({ conversationId, senderId: alice.user.id, body: 'no bus' });
    await live.stream!.next(chatNotice(carol.user.id, before.cursor), 3000);
  });

  it('shows its user online to the people they chat with', async () => {
    const alice = await t.createUser();
    const dora = await t.createUser();
    await post('/api/chat/conversations/new', dora.token, {
      participantIds: [alice.user.id],
      message: { body: 'hi' },
    });
    const statusOfDora = async () => {
      const res = await fetch(`${base}/api/chat/contacts`, {
        headers: { Authorization: `Bearer ${alice.token}` },
      });
      const { contacts } = (await res.json()) as { contacts: { id: string; status: string }[] };
      return contacts.find((c) => c.id === dora.user.id)?.status;
    };
    await open(dora.token);
    // as if Dora's last request was ten minutes ago: only the open stream keeps her online
    await t.deps.database.db
      .update(users)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(eq(users.id, dora.user.id));
    expect(await statusOfDora()).toBe('offline');
    const deadline = Date.now() + 3000;
    while ((await statusOfDora()) !== 'online' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await statusOfDora()).toBe('online');
  });
});
