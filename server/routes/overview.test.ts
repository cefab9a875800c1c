import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { importCatalogue } from '../catalogue/importer.ts';
import type { Overview, OverviewCounts } from '../contracts/overview.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let alice: Awaited<ReturnType<TestServer['createUser']>>;
let bob: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  server = await createTestServer();
  alice = await server.createUser();
  bob = await server.createUser();
});
afterAll(() => server.close());

async function counts(token: string) {
  const res = await server.call('GET', '/api/overview', { token });
  expect(res.status).toBe(200);
  const { recentVideos: _recent, ...rest } = (await res.json()) as Overview;
  return rest satisfies OverviewCounts;
}

describe('GET /api/overview', () => {
  it('requires sign-in', async () => {
    expect((await server.call('GET', '/api/overview')).status).toBe(401);
  });

  it("counts the user's inbox, upcoming events, cards and unread chat, never another user's", async () => {
    expect(await counts(alice.token)).toEqual({
      mails: 0,
      unreadMails: 0,
      upcomingEvents: 0,
      cards: 0,
      openCards: 0,
      conversations: 0,
      unreadMessages: 0,
    });

    const sent = await server.call('POST', '/api/mail/send', {
      token: bob.token,
      body: { to: [alice.user.email], subject: 'Hello', body: '<p>Hi</p>' },
    });
    expect(sent.status).toBeLessThan(300);

    const soon = Date.now() + 86_400_000;
    for (const [start, end] of [
      [soon, soon + 3_600_000],
      [Date.now() - 7 * 86_400_000, Date.now() - 6 * 86_400_000],
    ] as const) {
      const res = await server.call('POST', '/api/calendar/events/new', {
        token: alice.token,
        body: {
          title: 'Review',
          start: new Date(start).toISOString(),
          end: new Date(end).toISOString(),
        },
      });
      expect(res.status).toBe(201);
    }

    const columnId = crypto.randomUUID();
    await server.call('POST', '/api/kanban/columns/new', {
      token: alice.token,
      body: { id: columnId, name: 'To do' },
    });
    for (const [name, completed] of [
      ['Write', false],
      ['Ship', true],
    ] as const) {
      const res = await server.call('POST', '/api/kanban/cards/new', {
        token: alice.token,
        body: { columnId, card: { id: crypto.randomUUID(), name, completed } },
      });
      expect(res.status).toBe(201);
    }

    const chat = await server.call('POST', '/api/chat/conversations/new', {
      token: bob.token,
      body: { participantIds: [alice.user.id], message: { body: 'Ping' } },
    });
    expect(chat.status).toBeLessThan(300);

    expect(await counts(alice.token)).toEqual({
      mails: 1,
      unreadMails: 1,
      upcomingEvents: 1,
      cards: 2,
      openCards: 1,
      conversations: 1,
      unreadMessages: 1,
    });
    // Bob sent the mail and the message: nothing of Alice's counts for him
    expect(await counts(bob.token)).toMatchObject({
      mails: 0,
      upcomingEvents: 0,
      cards: 0,
      conversations: 1,
      unreadMessages: 0,
    });
  });

  it('lists the latest premieres the user may watch, newest first, at most five', async () => {
    const channel = { externalId: `overview-${crypto.randomUUID()}`, name: 'Overview Channel' };
    const lines = Array.from({ length: 7 }, (_, i) =>
      JSON.stringify({ externalId: `${channel.externalId}-${i}`, title: `Premiere ${i}`, premiereDate: `2031-0${i + 1}-01`, channel }),
    );
    lines.push(
      JSON.stringify({
        externalId: `${channel.externalId}-private`,
        title: 'Private premiere',
        premiereDate: '2032-01-01',
        accessLevel: 'private',
        channel,
      }),
    );
    await importCatalogue(server.deps.database.db, lines);
    const res = await server.call('GET', '/api/overview', { token: alice.token });
    const body = (await res.json()) as Overview;
    expect(body.recentVideos.map((v) => v.title)).toEqual([
      'Premiere 6',
      'Premiere 5',
      'Premiere 4',
      'Premiere 3',
      'Premiere 2',
    ]);
  });
});
