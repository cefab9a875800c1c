// Marking a conversation seen through the sync queue: the POST twin of the GET, applied once
// per Idempotency-Key, alone or in a batch, up to the message the viewer had on screen.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
type Json = Record<string, any>;

let t: TestServer;
let alice: User;
let bob: User;
let eve: User;

beforeAll(async () => {
  t = await createTestServer();
  eve = await t.createUser();
});
afterAll(() => t.close());
// a direct conversation per pair of people: each test starts with a fresh pair
beforeEach(async () => {
  [alice, bob] = [await t.createUser(), await t.createUser()];
});

const json = async (res: Response) => (await res.json()) as Json;

async function conversationFromAlice(...bodies: string[]) {
  const res = await t.call('POST', '/api/chat/conversations/new', {
    token: alice.token,
    body: { participantIds: [bob.user.id], message: { body: bodies[0] } },
  });
  const { conversation } = await json(res);
  for (const body of bodies.slice(1)) {
    await t.call('POST', '/api/chat/messages/new', {
      token: alice.token,
      body: { conversationId: conversation.id, body },
    });
  }
  return conversation.id as string;
}

async function say(conversationId: string, body: string) {
  const res = await t.call('POST', '/api/chat/messages/new', {
    token: alice.token,
    body: { conversationId, body },
  });
  return (await json(res)).message as Json;
}

async function unreadOfBob(conversationId: string) {
  const { conversations } = await json(await t.call('GET', '/api/chat/conversations', { token: bob.token }));
  return (conversations as Json[]).find((c) => c.id === conversationId)!.unreadCount as number;
}

const markSeen = (user: User, body: unknown, key?: string) =>
  t.call('POST', '/api/chat/conversation/mark-as-seen', {
    token: user.token,
    body,
    headers: key ? { 'Idempotency-Key': key } : {},
  });

describe('POST /api/chat/conversation/mark-as-seen (the sync queue)', () => {
  it('marks the conversation seen once per key; a replay answers the stored result', async () => {
    const id = await conversationFromAlice('one', 'two', 'three');
    expect(await unreadOfBob(id)).toBe(3);
    const first = await markSeen(bob, { conversationId: id }, 'bob-device:1');
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ conversationId: id, unreadCount: 0 });
    expect(await unreadOfBob(id)).toBe(0);

    await say(id, 'four');
    const replay = await markSeen(bob, { conversationId: id }, 'bob-device:1');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    // the replay applied nothing: the message sent since is still unread
    expect(await unreadOfBob(id)).toBe(1);
  });

  it('marks up to the message the viewer saw, never back', async () => {
    const id = await conversationFromAlice('seen offline');
    const seenSeq = (await json(await t.call('GET', `/api/chat/conversation?conversationKey=${id}`, { token: bob.token })))
      .conversation.messages[0].seq as number;
    await say(id, 'arrived while Bob was offline');
    const res = await markSeen(bob, { conversationId: id, upToSeq: seenSeq }, 'bob-late:1');
    expect(await json(res)).toEqual({ conversationId: id, unreadCount: 1 });
    expect(await unreadOfBob(id)).toBe(1);
    // an older mark replayed after a newer one leaves the newer one
    await markSeen(bob, { conversationId: id }, 'bob-late:2');
    await markSeen(bob, { conversationId: id, upToSeq: 0 }, 'bob-late:3');
    expect(await unreadOfBob(id)).toBe(0);
  });

  it('is sync-able: delivered once from a batch', async () => {
    const id = await conversationFromAlice('batched');
    const change = {
      key: 'bob-batch:1',
      method: 'POST',
      path: '/api/chat/conversation/mark-as-seen',
      body: JSON.stringify({ conversationId: id }),
    };
    const res = await t.call('POST', '/api/sync/batch', { token: bob.token, body: { changes: [change] } });
    expect(res.status).toBe(200);
    expect((await json(res)).results).toEqual([
      { key: 'bob-batch:1', status: 200, body: { conversationId: id, unreadCount: 0 }, replayed: false },
    ]);
    expect(await unreadOfBob(id)).toBe(0);
    const again = await json(
      await t.call('POST', '/api/sync/batch', { token: bob.token, body: { changes: [change] } }),
    );
    expect(again.results[0]).toMatchObject({ status: 200, replayed: true });
  });

  it('refuses a stranger (404) and bad input (400 naming the field)', async () => {
    const id = await conversationFromAlice('private');
    expect((await markSeen(eve, { conversationId: id })).status).toBe(404);
    for (const [body, field] of [
      [{}, 'conversationId'],
      [{ conversationId: 'nope' }, 'conversationId'],
      [{ conversationId: id, upToSeq: -1 }, 'upToSeq'],
      [{ conversationId: id, upToSeq: 1.5 }, 'upToSeq'],
    ] as const) {
      const res = await markSeen(bob, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).fields, JSON.stringify(body)).toHaveProperty(field);
    }
  });
});
