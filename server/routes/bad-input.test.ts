// Every route of the API, fed bad input, answers a 4xx with a JSON `{ error }` — never a 500.
// The routes are read from the app itself, so a new route is covered the day it is mounted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let token: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestServer();
  token = (await t.createUser()).token;
  adminToken = (await t.createUser({ role: 'admin' })).token;
});
afterAll(() => t.close());

const BODIES: [string, string][] = [
  ['invalid JSON', '{"a": '],
  ['an empty object', '{}'],
  ['an array', '[1,2,3]'],
  ['null', 'null'],
  [
    'wrong types',
    JSON.stringify({
      id: 42,
      email: [],
      title: {},
      start: 'yesterday',
      end: true,
      name: null,
      body: 7,
      to: 'x',
      columnId: -1,
      eventId: {},
      event: 'x',
      column: 3,
      cardId: [],
      index: 'first',
    }),
  ],
  [
    'huge strings',
    JSON.stringify({
      title: 'x'.repeat(100_000),
      name: 'y'.repeat(100_000),
      email: `${'z'.repeat(5000)}@example.com`,
    }),
  ],
];
const QUERIES = [
  '?page=-1&limit=abc&cursor=%%%',
  '?mailId=not-a-uuid&conversationKey=&conversationId=1',
  '?label=../../etc&search=' + 'q'.repeat(5000),
  '?page=1e309&limit=99999999999',
];

function concrete(path: string): string {
  return path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, 'not-an-id').replace(/\*$/, 'x');
}

describe('bad input never answers 500', () => {
  it('covers every mounted /api route', async () => {
    const routes = t.app.routes.filter(
      (r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.endsWith('*'),
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const url = concrete(route.path);
      for (const auth of [undefined, token, adminToken]) {
        if (route.method === 'GET' || route.method === 'DELETE') {
          for (const q of QUERIES) {
            // streams (SSE) would stay open: only check they refuse bad input quickly
            const controller = new AbortController();
            const timer = setTimeout(() => controller.abort(), 3000);
            try {
              const res = await t.app.request(`${url}${q}`, {
                method: route.method,
                headers: auth ? { Authorization: `Bearer ${auth}` } : {},
                signal: controller.signal,
              });
              if (res.status >= 500)
                failures.push(`${key}${q} → ${res.status} ${await res.text()}`);
              else if (!res.headers.get('content-type')?.includes('event-stream'))
                await res.body?.cancel();
            } catch (error) {
              if ((error as Error).name !== 'AbortError')
                failures.push(`${key}${q} threw ${(error as Error).message}`);
            } finally {
              clearTimeout(timer);
            }
          }
        } else {
          for (const [label, body] of BODIES) {
            const res = await t.call(route.method, url, { token: auth, body });
            if (res.status >= 500)
              failures.push(
                `${key} with ${label} (${auth ? 'signed in' : 'anonymous'}) → ${res.status} ${(await res.text()).slice(0, 200)}`,
              );
            else if (res.status >= 400) {
              const data = (await res.json().catch(() => null)) as { error?: unknown } | null;
              if (!data || typeof data.error !== 'string')
                failures.push(`${key} with ${label} → ${res.status} without a JSON error`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
