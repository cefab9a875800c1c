import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
type Json = Record<string, any>;

let t: TestServer;
let alice: User;
let bob: User;
let carol: User;
let eve: User;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Archer' });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Baker', lastSeenAt: new Date() });
  carol = await t.createUser({ firstName: 'Carol', lastName: 'Cole' });
  eve = await t.createUser({ firstName: 'Eve', lastName: 'Eavesdropper' });
});
afterAll(() => t.close());

async function json(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

async function start(from: User, participantIds: string[], body?: string) {
  const res = await t.call('POST', '/api/chat/conversations/new', {
    token: from.token,
    body: { participantIds, ...(body ? { message: { body } } : {}) },
  });
  expect(res.status, JSON.stringify(await res.clone().json())).toBeLessThan(300);
  return (await json(res)).conversation as Json;
}

async function say(from: User, conversationId: string, body: string, id?: string) {
  const res = await t.call('POST', '/api/chat/messages/new', {
    token: from.token,
    body: { conversationId, body, ...(id ? { id } : {}) },
  });
  expect(res.status).toBe(201);
  return (await json(res)).message as Json;
}

async function conversations(user: User) {
  return (await json(await t.call('GET', '/api/chat/conversations', { token: user.token })))
    .conversations as Json[];
}

describe('contacts', () => {
  it('lists the other users with presence and searches them', async () => {
    const res = await t.call('GET', '/api/chat/contacts', { token: alice.token });
    const { contacts } = await json(res);
    expect(contacts.map((c: Json) => c.id)).not.toContain(alice.user.id);
    expect(contacts.find((c: Json) => c.id === bob.user.id)).toMatchObject({
      name: 'Bob Baker',
      status: 'online',
    });
    expect(contacts.find((c: Json) => c.id === carol.user.id).status).toBe('offline');
    const found = await json(
      await t.call('GET', '/api/chat/contacts?search=cole', { token: alice.token }),
    );
    expect(found.contacts.map((c: Json) => c.name)).toEqual(['Carol Cole']);
    expect((await t.call('GET', '/api/chat/contacts')).status).toBe(401);
  });
});

describe('conversations', () => {
  it('opens a direct conversation once, sends, counts unread and marks as seen', async () => {
    const first = await start(alice, [bob.user.id], 'Hi Bob');
    const again = await start(alice, [bob.user.id]);
    const fromBob = await start(bob, [alice.user.id]);
    expect(again.id).toBe(first.id);
    expect(fromBob.id).toBe(first.id);
    expect(first).toMatchObject({ type: 'one-to-one', unreadCount: 0 });
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatchObject({
      body: 'Hi Bob',
      contentType: 'text',
      attachments: [],
      senderId: alice.user.id,
    });
    expect(Object.keys(first.messages[0]).sort()).toEqual(
      [
        'attachments',
        'body',
        'contentType',
        'conversationId',
        'createdAt',
        'id',
        'senderId',
        'seq',
      ].sort(),
    );
    await say(alice, first.id, 'Are you there?');
    const bobsView = (await conversations(bob)).find((c) => c.id === first.id)!;
    expect(bobsView.unreadCount).toBe(2);
    expect(bobsView.participants.map((p: Json) => p.id).sort()).toEqual(
      [alice.user.id, bob.user.id].sort(),
    );

    const seen = await t.call(
      'GET',
      `/api/chat/conversation/mark-as-seen?conversationId=${first.id}`,
      {
        token: bob.token,
      },
    );
    expect(await json(seen)).toEqual({ conversationId: first.id, unreadCount: 0 });
    expect((await conversations(bob)).find((c) => c.id === first.id)!.unreadCount).toBe(0);
    // the sender's own messages never count as unread for them
    expect((await conversations(alice)).find((c) => c.id === first.id)!.unreadCount).toBe(0);
  });

  it('finds a conversation by its id or by the other person, and lists participants', async () => {
    const conv = await start(carol, [alice.user.id], 'Hello Alice');
    for (const key of [conv.id, carol.user.id]) {
      const res = await t.call('GET', `/api/chat/conversation?conversationKey=${key}`, {
        token: alice.token,
      });
      expect(res.status).toBe(200);
      expect((await json(res)).conversation.id).toBe(conv.id);
    }
    const parts = await json(
      await t.call('GET', `/api/chat/participants?conversationKey=${conv.id}`, {
        token: alice.token,
      }),
    );
    expect(parts.participants.map((p: Json) => p.name).sort()).toEqual([
      'Alice Archer',
      'Carol Cole',
    ]);
    // someone Alice has not talked to yet: the participants a new conversation would have
    const fresh = await json(
      await t.call('GET', `/api/chat/participants?conversationKey=${eve.user.id}`, {
        token: alice.token,
      }),
    );
    expect(fresh.participants.map((p: Json) => p.id)).toEqual([alice.user.id, eve.user.id]);
    const none = await t.call('GET', `/api/chat/conversation?conversationKey=${eve.user.id}`, {
      token: alice.token,
    });
    expect(none.status).toBe(404);
  });

  it('creates a group with more than one other person', async () => {
    const group = await start(alice, [bob.user.id, carol.user.id], 'Team sync at 3?');
    expect(group.type).toBe('group');
    expect(group.participants).toHaveLength(3);
    const other = await start(alice, [bob.user.id, carol.user.id]);
    expect(other.id).not.toBe(group.id);
    expect((await conversations(carol)).some((c) => c.id === group.id)).toBe(true);
  });

  it('writes a message once when the client retries with the same id', async () => {
    const conv = await start(bob, [carol.user.id]);
    const id = crypto.randomUUID();
    const a = await say(bob, conv.id, 'once', id);
    const b = await say(bob, conv.id, 'once', id);
    expect(b.id).toBe(a.id);
    expect(b.seq).toBe(a.seq);
    const thread = await json(
      await t.call('GET', `/api/chat/conversation?conversationKey=${conv.id}`, {
        token: carol.token,
      }),
    );
    expect(thread.conversation.messages.filter((m: Json) => m.id === id)).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const conv = await start(alice, [bob.user.id]);
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/chat/conversation', undefined, 'conversationKey'],
      ['GET', '/api/chat/conversation?conversationKey=abc', undefined, 'conversationKey'],
      ['GET', '/api/chat/participants?conversationKey=', undefined, 'conversationKey'],
      ['GET', '/api/chat/conversation/mark-as-seen?conversationId=1', undefined, 'conversationId'],
      ['POST', '/api/chat/messages/new', { conversationId: conv.id, body: '   ' }, 'body'],
      ['POST', '/api/chat/messages/new', { conversationId: 'nope', body: 'x' }, 'conversationId'],
      [
        'POST',
        '/api/chat/messages/new',
        { conversationId: conv.id, body: 'x'.repeat(5001) },
        'body',
      ],
      [
        'POST',
        '/api/chat/messages/new',
        { conversationId: conv.id, body: 'x', contentType: 'video' },
        'contentType',
      ],
      ['POST', '/api/chat/conversations/new', { participantIds: [] }, 'participantIds'],
      [
        'POST',
        '/api/chat/conversations/new',
        { participantIds: [alice.user.id] },
        'participantIds',
      ],
      [
        'POST',
        '/api/chat/conversations/new',
        { participantIds: [crypto.randomUUID()] },
        'participantIds',
      ],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.call(method, url, { token: alice.token, body });
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(Object.keys((await json(res)).fields ?? {}), url).toContain(field);
    }
  });
});

describe('isolation', () => {
  it('never lets an outsider read, post to or mark a conversation', async () => {
    const conv = await start(alice, [bob.user.id], 'private words');
    expect((await conversations(eve)).some((c) => c.id === conv.id)).toBe(false);
    for (const url of [
      `/api/chat/conversation?conversationKey=${conv.id}`,
      `/api/chat/conversation/mark-as-seen?conversationId=${conv.id}`,
    ]) {
      expect((await t.call('GET', url, { token: eve.token })).status, url).toBe(404);
    }
    const parts = await t.call('GET', `/api/chat/participants?conversationKey=${conv.id}`, {
      token: eve.token,
    });
    expect(parts.status).toBe(404);
    const post = await t.call('POST', '/api/chat/messages/new', {
      token: eve.token,
      body: { conversationId: conv.id, body: 'let me in' },
    });
    expect(post.status).toBe(404);
  });

  it('serves a chat image only to the conversation, and only images are accepted', async () => {
    const conv = await start(alice, [bob.user.id]);
    const form = new FormData();
    form.append(
      'file',
      new File([new Uint8Array([137, 80, 78, 71, 1])], 'cat.png', { type: 'image/png' }),
    );
    const up = await t.app.request('/api/chat/attachments', {
      method: 'POST',
      headers: alice.auth,
      body: form,
    });
    expect(up.status).toBe(201);
    const { attachment } = await json(up);
    // Eve cannot send Alice's upload
    const stolen = await t.call('POST', '/api/chat/messages/new', {
      token: eve.token,
      body: {
        conversationId: (await start(eve, [carol.user.id])).id,
        attachmentIds: [attachment.id],
      },
    });
    expect(stolen.status).toBe(400);
    expect((await json(stolen)).fields.attachmentIds).toBeDefined();

    const sent = await t.call('POST', '/api/chat/messages/new', {
      token: alice.token,
      body: { conversationId: conv.id, contentType: 'image', attachmentIds: [attachment.id] },
    });
    const message = (await json(sent)).message;
    expect(message).toMatchObject({
      contentType: 'image',
      attachments: [{ id: attachment.id, fileName: 'cat.png' }],
    });
    const ok = await t.app.request(`/api/chat/attachments/${attachment.id}`, { headers: bob.auth });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    const denied = await t.app.request(`/api/chat/attachments/${attachment.id}`, {
      headers: eve.auth,
    });
    expect(denied.status).toBe(404);

    const html = new FormData();
    html.append('file', new File(['<script>alert(1)</script>'], 'x.html', { type: 'text/html' }));
    const refused = await t.app.request('/api/chat/attachments', {
      method: 'POST',
      headers: alice.auth,
      body: html,
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields.file).toMatch(/PNG/);
  });

  it('keeps an image name with control characters or a path as a plain name', async () => {
    // found by the API fuzz run: a NUL in the name made the insert fail with a 500
    const form = new FormData();
    form.append(
      'file',
      new File([new Uint8Array([137, 80, 78, 71])], '..\\a\u0000b.png', { type: 'image/png' }),
    );
    const up = await t.app.request('/api/chat/attachments', {
      method: 'POST',
      headers: alice.auth,
      body: form,
    });
    expect(up.status).toBe(201);
    expect((await json(up)).attachment.fileName).toBe('ab.png');
  });
});

describe('sanitising', () => {
  it('removes markup from chat bodies so a script never reaches the page', async () => {
    const conv = await start(alice, [bob.user.id]);
    const message = await say(
      alice,
      conv.id,
      'hi <script>alert(1)</script><img src=x onerror=alert(2)> a < b',
    );
    expect(message.body).toBe('hi alert(1) a < b');
    const thread = await json(
      await t.call('GET', `/api/chat/conversation?conversationKey=${conv.id}`, {
        token: bob.token,
      }),
    );
    expect(JSON.stringify(thread)).not.toMatch(/<script|onerror/);
  });
});
