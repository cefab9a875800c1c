// The people directory behind chat: anyone signed in may find a person by name to start a
// chat, but a person's email and last activity are shown only to those they have written to
// (a chat message in a shared conversation, or a mail either way).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChatParticipant } from '../contracts/chat.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let t: TestServer;
let alice: User;
let bob: User;
let carol: User;
let stranger: User;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Archer', lastSeenAt: new Date() });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Baker' });
  carol = await t.createUser({ firstName: 'Carol', lastName: 'Cole' });
  stranger = await t.createUser({ firstName: 'Sam', lastName: 'Stranger', emailVerifiedAt: null });
  const chat = await t.call('POST', '/api/chat/conversations/new', {
    token: bob.token,
    body: { participantIds: [alice.user.id], message: { body: 'hi' } },
  });
  expect(chat.status).toBe(201);
  const { conversation } = (await chat.json()) as { conversation: { id: string } };
  const reply = await t.call('POST', '/api/chat/messages/new', {
    token: alice.token,
    body: { conversationId: conversation.id, body: 'hello Bob' },
  });
  expect(reply.status).toBe(201);
  const mail = await t.call('POST', '/api/mail/send', {
    token: carol.token,
    body: { to: [alice.user.email], subject: 'Hello' },
  });
  expect(mail.status).toBe(201);
});
afterAll(() => t.close());

async function participantsAs(viewer: User, key: string) {
  const res = await t.call('GET', `/api/chat/participants?conversationKey=${key}`, {
    token: viewer.token,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { participants: ChatParticipant[] }).participants;
}

async function contactsAs(viewer: User, search = '') {
  const res = await t.call('GET', `/api/chat/contacts?search=${encodeURIComponent(search)}`, {
    token: viewer.token,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { contacts: ChatParticipant[] }).contacts;
}

describe('participants', () => {
  it('a stranger sees the name, not the email or last activity', async () => {
    const aliceSeen = (await participantsAs(stranger, alice.user.id)).find(
      (p) => p.id === alice.user.id,
    )!;
    expect(aliceSeen.name).toBe('Alice Archer');
    expect(aliceSeen.email).toBeNull();
    expect(aliceSeen.lastActivity).toBeNull();
    expect(JSON.stringify(aliceSeen)).not.toContain(alice.user.email);
  });

  it('the caller still sees their own email', async () => {
    const self = (await participantsAs(stranger, alice.user.id)).find(
      (p) => p.id === stranger.user.id,
    )!;
    expect(self.email).toBe(stranger.user.email);
  });

  it('people who share a conversation or a mail see the email', async () => {
    const byBob = (await participantsAs(bob, alice.user.id)).find((p) => p.id === alice.user.id)!;
    expect(byBob.email).toBe(alice.user.email);
    const byCarol = (await participantsAs(carol, alice.user.id)).find(
      (p) => p.id === alice.user.id,
    )!;
    expect(byCarol.email).toBe(alice.user.email);
    expect(byCarol.lastActivity).not.toBeNull();
  });
});

describe('contacts', () => {
  it('lists people by name without the emails of strangers', async () => {
    const contacts = await contactsAs(stranger);
    const aliceSeen = contacts.find((p) => p.id === alice.user.id)!;
    expect(aliceSeen.name).toBe('Alice Archer');
    expect(aliceSeen.email).toBeNull();
    expect(JSON.stringify(contacts)).not.toMatch(/@example\.com/);
    const known = (await contactsAs(bob)).find((p) => p.id === alice.user.id)!;
    expect(known.email).toBe(alice.user.email);
  });

  it('finds a person by their whole email, not by a piece of it', async () => {
    const piece = alice.user.email.slice(0, 6);
    expect((await contactsAs(stranger, piece)).map((p) => p.id)).not.toContain(alice.user.id);
    expect((await contactsAs(stranger, alice.user.email)).map((p) => p.id)).toContain(
      alice.user.id,
    );
    expect((await contactsAs(stranger, 'Alice')).map((p) => p.id)).toContain(alice.user.id);
  });
});

describe('conversations', () => {
  it('opening a conversation with someone does not reveal their email', async () => {
    const res = await t.call('POST', '/api/chat/conversations/new', {
      token: stranger.token,
      body: { participantIds: [alice.user.id] },
    });
    expect(res.status).toBe(201);
    const { conversation } = (await res.json()) as {
      conversation: { id: string; participants: ChatParticipant[] };
    };
    expect(JSON.stringify(conversation)).not.toContain(alice.user.email);
    const list = await t.call('GET', '/api/chat/conversations', { token: stranger.token });
    expect(await list.text()).not.toContain(alice.user.email);
    const byKey = await participantsAs(stranger, conversation.id);
    expect(byKey.find((p) => p.id === alice.user.id)!.email).toBeNull();
    // Alice answers: now she has written to the stranger
    await t.call('POST', '/api/chat/messages/new', {
      token: alice.token,
      body: { conversationId: conversation.id, body: 'who are you?' },
    });
    const after = await participantsAs(stranger, conversation.id);
    expect(after.find((p) => p.id === alice.user.id)!.email).toBe(alice.user.email);
  });
});
