// Unexpected errors answer a generic sentence with a request id, over REST and tRPC, and the
// log line names the error's class and database code only: a database error's message carries
// the query and its parameters (hashes, emails, what a client sent), so it never reaches the
// answer or the log. A forged paging cursor is the client's mistake: a 400 naming `cursor`.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fillerLines, loadTestCatalogue } from '../catalogue/testing/catalogue.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import type { LogFields } from './logger.ts';

let t: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestServer();
  await loadTestCatalogue(t, fillerLines(3));
  const capture = (level: string) => (msg: string, fields?: LogFields) =>
    lines.push(JSON.stringify({ level, msg, ...fields }));
  t.deps.log = { info: capture('info'), warn: capture('warn'), error: capture('error') };
});
afterAll(() => t.close());

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const search = (input: unknown) =>
  t.call('GET', `/trpc/catalogue.searchVideos?input=${encodeURIComponent(JSON.stringify(input))}`);
const ID = '00000000-0000-0000-0000-000000000000';

describe('forged cursors', () => {
  const forged: [string, unknown, Record<string, unknown>][] = [
    ['a date key that is not a date', { mode: 'keyset', key: "x'; select 1", id: ID }, {}],
    ['an impossible date', { mode: 'keyset', key: '2020-13-45', id: ID }, {}],
    [
      'a date key on the virality sort',
      { mode: 'keyset', key: '2020-01-01', id: ID },
      { sortBy: 'virality' },
    ],
    ['a number on the newest sort', { mode: 'keyset', key: '12', id: ID }, { sortBy: 'newest' }],
    ['an offset cursor on a sort', { mode: 'offset', offset: 3 }, {}],
  ];
  for (const [name, cursor, extra] of forged) {
    it(`${name} is a 400 naming the cursor, without SQL`, async () => {
      const res = await search({ sortBy: 'premiereDate', ...extra, cursor: cursorOf(cursor) });
      const text = await res.text();
      expect(res.status).toBe(400);
      expect(JSON.parse(text).error.message).toContain('cursor');
      expect(text).not.toMatch(/select|params|catalogue_videos/i);
    });
  }

  it('a genuine cursor still pages', async () => {
    const first = await search({ sortBy: 'virality', limit: 2 });
    const next = (await first.json()).result.data.nextCursor as string;
    expect((await search({ sortBy: 'virality', limit: 2, cursor: next })).status).toBe(200);
  });
});

describe('internal errors', () => {
  it('tRPC answers a generic message with a request id; the log has no query or parameters', async () => {
    // a column gone from under the running server: every keyword search fails in the database
    await t.deps.database.db.execute(
      sql`alter table catalogue_videos rename column search_vector to search_vector_gone`,
    );
    try {
      lines.length = 0;
      const res = await search({ textArr: ['secretparam'] });
      const text = await res.text();
      expect(res.status).toBe(500);
      const body = JSON.parse(text);
      expect(body.error.message).toBe('Something went wrong on our side.');
      expect(body.error.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-request-id')).toBe(body.error.data.requestId);
      expect(text).not.toMatch(/secretparam|select|search_vector/i);
      const logged = lines.filter((l) => l.includes('"error"'));
      expect(logged.length).toBe(1);
      expect(logged[0]).toContain(body.error.data.requestId);
      expect(logged[0]).toContain('42703'); // undefined_column: the code, to act on
      expect(logged[0]).not.toMatch(/secretparam|select|params/i);
    } finally {
      await t.deps.database.db.execute(
        sql`alter table catalogue_videos rename column search_vector_gone to search_vector`,
      );
    }
  });

  it('REST answers { error, requestId } and logs no parameters', async () => {
    const { token } = await t.createUser();
    await t.deps.database.db.execute(
      sql`alter table chat_messages rename column body to body_gone`,
    );
    try {
      lines.length = 0;
      const conv = await t.call('POST', '/api/chat/conversations/new', {
        token,
        body: {
          participantIds: [(await t.createUser()).user.id],
          message: { body: 'secretparam' },
        },
      });
      const text = await conv.text();
      expect(conv.status).toBe(500);
      const body = JSON.parse(text);
      expect(body).toEqual({
        error: 'Something went wrong on our side.',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(text).not.toMatch(/secretparam|insert|chat_messages/i);
      const logged = lines.filter((l) => l.includes('"error"'));
      expect(logged.length).toBe(1);
      expect(logged[0]).toContain(body.requestId);
      expect(logged[0]).not.toMatch(/secretparam|insert|params/i);
    } finally {
      await t.deps.database.db.execute(
        sql`alter table chat_messages rename column body_gone to body`,
      );
    }
  });
});
