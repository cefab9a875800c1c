import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SearchAnswer } from '../contracts/search.ts';
import { kanbanCards, kanbanColumns } from '../db/schema/index.ts';
import { ownId } from '../live/access.ts';
import { ownIds, share } from '../live/testing/accounts.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
let server: TestServer;
let ada: User;
let ben: User;
let cleo: User;
let admin: User;

async function search(token: string, query: string) {
  const res = await server.call('GET', `/api/search?${query}`, { token });
  return {
    res,
    body: (await res.json()) as SearchAnswer & { error?: string; fields?: Record<string, string> },
  };
}
const kinds = (answer: SearchAnswer) => answer.hits.map((h) => `${h.kind}:${h.title}`);

beforeAll(async () => {
  server = await createTestServer();
  ada = await server.createUser({ firstName: 'Ada', lastName: 'Lovelace' });
  ben = await server.createUser({ firstName: 'Ben', lastName: 'Okri' });
  cleo = await server.createUser({ firstName: 'Cleo', lastName: 'Nyx' });
  admin = await server.createUser({ firstName: 'Root', lastName: 'Admin', role: 'admin' });

  const send = (from: User, to: User, subject: string, body: string) =>
    server.call('POST', '/api/mail/send', {
      token: from.token,
      body: { to: [to.user.email], subject, body: `<p>${body}</p>` },
    });
  expect(
    (await send(ada, ben, 'Quarterly numbers', 'The zephyrine forecast is attached.')).status,
  ).toBeLessThan(300);
  expect((await send(ben, ada, 'Zephyr', 'A title match for the same word.')).status).toBeLessThan(
    300,
  );

  const event = await server.call('POST', '/api/calendar/events/new', {
    token: ada.token,
    body: {
      title: 'Harbour inspection',
      start: '2026-03-02T09:00:00Z',
      end: '2026-03-02T10:00:00Z',
    },
  });
  expect(event.status).toBe(201);

  const chat = await server.call('POST', '/api/chat/conversations/new', {
    token: ada.token,
    body: { participantIds: [ben.user.id], message: { body: 'Bring the marmalade tomorrow' } },
  });
  expect(chat.status).toBeLessThan(300);

  const boardId = await ownId(server.deps.database.db, 'board', ada.user);
  const [column] = await server.deps.database.db
    .insert(kanbanColumns)
    .values({ userId: ada.user.id, boardId, name: 'Todo', rank: 'a0' })
    .returning();
  await server.deps.database.db.insert(kanbanCards).values({
    userId: ada.user.id,
    boardId,
    columnId: column!.id,
    name: 'Paint the lighthouse',
    rank: 'a0',
  });
});
afterAll(() => server.close());

describe('GET /api/search', () => {
  it('requires sign-in', async () => {
    expect((await server.call('GET', '/api/search?q=zephyr')).status).toBe(401);
  });

  it('finds a mail by a word of its body and ranks a title match above it', async () => {
    const { res, body } = await search(ada.token, 'q=zephyr');
    expect(res.status).toBe(200);
    const mails = body.hits.filter((h) => h.kind === 'mail');
    // the subject "Zephyr" (whole word, in the title) first, then the body's "zephyrine" (prefix)
    expect(mails.map((h) => h.title)).toEqual(['Zephyr', 'Quarterly numbers']);
    expect(mails[1]!.detail).toContain('zephyrine');
    expect(mails[0]!.target).toMatchObject({ kind: 'mail', folder: 'inbox' });
    expect(mails[1]!.target).toMatchObject({ kind: 'mail', folder: 'sent' });
  });

  it('finds the user’s events, cards and conversations with what opens them', async () => {
    const event = (await search(ada.token, 'q=harbour')).body.hits.find((h) => h.kind === 'event');
    expect(event).toMatchObject({
      title: 'Harbour inspection',
      target: { kind: 'event', start: '2026-03-02T09:00:00.000Z' },
    });
    expect(kinds((await search(ada.token, 'q=lighthouse')).body)).toContain(
      'card:Paint the lighthouse',
    );
    const message = (await search(ben.token, 'q=marmalade')).body.hits.find(
      (h) => h.kind === 'message',
    );
    expect(message?.detail).toContain('marmalade');
    expect(message?.target.kind).toBe('message');
  });

  it('never answers with another user’s rows', async () => {
    const { body } = await search(cleo.token, 'q=zephyr');
    expect(body.hits.filter((h) => h.kind === 'mail')).toEqual([]);
    expect(kinds((await search(cleo.token, 'q=harbour')).body)).not.toContain(
      'event:Harbour inspection',
    );
    expect(kinds((await search(ben.token, 'q=lighthouse')).body)).not.toContain(
      'card:Paint the lighthouse',
    );
    expect(
      (await search(cleo.token, 'q=marmalade')).body.hits.filter((h) => h.kind === 'message'),
    ).toEqual([]);
  });

  it('lists users to admins only', async () => {
    expect(
      (await search(admin.token, 'q=lovelace')).body.hits
        .filter((h) => h.kind === 'user')
        .map((h) => h.title),
    ).toEqual(['Ada Lovelace']);
    expect(
      (await search(ben.token, 'q=lovelace')).body.hits.filter((h) => h.kind === 'user'),
    ).toEqual([]);
  });

  it('finds cards and events of boards and calendars shared with me, until I am removed', async () => {
    const owner = await server.createUser({ firstName: 'Olga', lastName: 'Owner' });
    const member = await server.createUser({ firstName: 'Mo', lastName: 'Member' });
    const invited = await server.createUser({ firstName: 'Ivo', lastName: 'Invited' });
    const { boardId, calendarId } = await ownIds(server, owner);
    await share(server, owner, member, 'board', boardId, 'editor');
    await share(server, owner, member, 'calendar', calendarId, 'viewer');
    // invited but never accepted: sees nothing
    await server.call('POST', '/api/sharing/invite', {
      token: owner.token,
      body: { kind: 'board', id: boardId, email: invited.user.email, role: 'viewer' },
    });
    const columnId = crypto.randomUUID();
    const as = (who: User) => (path: string, body: unknown) =>
      server.call('POST', path, { token: who.token, body });
    await as(owner)('/api/kanban/columns/new', { id: columnId, boardId, name: 'Todo' });
    await as(owner)('/api/kanban/cards/new', { columnId, card: { name: 'Varnish the quayside' } });
    await as(member)('/api/kanban/cards/new', { columnId, card: { name: 'Varnish the railings' } });
    await as(owner)('/api/calendar/events/new', {
      calendarId,
      title: 'Varnish drying day',
      start: '2026-04-01T09:00:00Z',
      end: '2026-04-01T17:00:00Z',
    });
    const found = async (who: User) => kinds((await search(who.token, 'q=varnish')).body).sort();
    const everything = [
      'card:Varnish the quayside',
      'card:Varnish the railings',
      'event:Varnish drying day',
    ];
    // the owner finds the card the member made on her board; the member finds hers
    expect(await found(owner)).toEqual(everything);
    expect(await found(member)).toEqual(everything);
    expect(await found(invited)).toEqual([]);

    for (const kind of ['board', 'calendar'] as const)
      await as(owner)('/api/sharing/remove', {
        kind,
        id: kind === 'board' ? boardId : calendarId,
        userId: member.user.id,
      });
    // removed: not even the card the member made there
    expect(await found(member)).toEqual([]);
    expect(await found(owner)).toEqual(everything);
  });

  it('caps the hits of each kind at limit', async () => {
    const { body } = await search(ada.token, 'q=zephyr&limit=1');
    expect(body.hits.filter((h) => h.kind === 'mail')).toHaveLength(1);
  });

  it.each([
    ['q=', 'q'],
    ['', 'q'],
    ['q=%20%2A%21', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=ok&limit=0', 'limit'],
    ['q=ok&limit=500', 'limit'],
    ['q=ok&limit=two', 'limit'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { res, body } = await search(ada.token, query);
    expect(res.status).toBe(400);
    expect(body.fields).toHaveProperty(field);
  });
});
