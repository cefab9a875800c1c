// What an anonymous caller can make the server do: a tRPC batch is capped, anonymous searches
// are rate-limited per address (a 429 with Retry-After, counted in the database), and
// catalogue.indexStatus is answered from a short cache over stored hashes instead of hashing
// every catalogue row on each call.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createApp } from '../app.ts';
import { fillerLines, loadTestCatalogue } from '../catalogue/testing/catalogue.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { MAX_BATCH_SIZE } from './init.ts';

const SEARCH_LIMIT = 5;
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await createTestServer({ TRUST_PROXY: 'true', ANON_SEARCH_PER_MINUTE: String(SEARCH_LIMIT) });
  await loadTestCatalogue(t, fillerLines(3));
  ({ token } = await t.createUser());
});
afterAll(() => t.close());

function batch(paths: string[], ip: string) {
  const input = Object.fromEntries(paths.map((_, i) => [i, {}]));
  return t.call(
    'GET',
    `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    { headers: { 'X-Forwarded-For': ip } },
  );
}

describe('batch size', () => {
  it(`accepts ${MAX_BATCH_SIZE} calls and refuses more with a 400 that says why`, async () => {
    const ok = await batch(Array(MAX_BATCH_SIZE).fill('catalogue.indexStatus'), '198.51.100.1');
    expect(ok.status).toBe(200);
    const over = await batch(
      Array(MAX_BATCH_SIZE + 1).fill('catalogue.indexStatus'),
      '198.51.100.1',
    );
    expect(over.status).toBe(400);
    const body = (await over.json()) as
      { error: { message: string } }[] | { error: { message: string } };
    const first = Array.isArray(body) ? body[0]! : body;
    expect(first.error.message).toMatch(new RegExp(`at most ${MAX_BATCH_SIZE} calls`));
  });
});

describe('anonymous search rate limit', () => {
  const search = (ip: string, auth?: string) =>
    t.call('GET', `/trpc/catalogue.searchVideos?input=${encodeURIComponent('{}')}`, {
      token: auth,
      headers: { 'X-Forwarded-For': ip },
    });

  it('answers 429 with Retry-After past the limit, per address, shared by processes', async () => {
    const other = createApp(t.deps); // a second API process on the same database
    for (let i = 0; i < SEARCH_LIMIT; i += 1) {
      const res = await (i % 2
        ? other.request(`/trpc/catalogue.searchVideos?input=${encodeURIComponent('{}')}`, {
            headers: { 'X-Forwarded-For': '203.0.113.5' },
          })
        : search('203.0.113.5'));
      expect(res.status).toBe(200);
    }
    const limited = await search('203.0.113.5');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many searches/,
    );
    // another address, and a signed-in caller from the same address, are not affected
    expect((await search('203.0.113.6')).status).toBe(200);
    expect((await search('203.0.113.5', token)).status).toBe(200);
  });
});

describe('catalogue.indexStatus', () => {
  it('does not hash the catalogue per call: concurrent and repeated calls share one count', async () => {
    const db = t.deps.database.db;
    const dialect = new PgDialect();
    const seen: string[] = [];
    const original = db.execute.bind(db);
    const spy = vi.spyOn(db, 'execute').mockImplementation(((query: SQL) => {
      seen.push(dialect.sqlToQuery(query).sql);
      return original(query);
    }) as typeof db.execute);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => batch(['catalogue.indexStatus'], `192.0.2.${seen.length}`)),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      for (let i = 0; i < 5; i += 1)
        expect((await batch(['catalogue.indexStatus'], '192.0.2.99')).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    const counts = seen.filter((q) => /catalogue_embeddings/.test(q));
    expect(counts.length).toBeLessThanOrEqual(2); // one per kind, once
    expect(counts.join('\n')).not.toMatch(/md5\(/);
  });
});
