import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { clientAddress, createApp } from '../app.ts';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';
import { THROTTLE } from './throttle.ts';

// Two app instances on one database stand for two API processes: counters must be shared.
// Behind TRUST_PROXY the proxy appends the address it saw to X-Forwarded-For; the tests send
// `X-Forwarded-For: <what the client claimed>, <what the proxy saw>`.
let t: TestServer;
let other: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestServer({ TRUST_PROXY: 'true' });
  other = createApp(t.deps);
});
afterAll(() => t.close());

const login = (
  app: { request: TestServer['app']['request'] },
  email: string,
  password: string,
  forwardedFor: string,
) =>
  Promise.resolve(
    app.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email, password }),
    }),
  );

/** Ends every current block, as if its Retry-After had passed. */
const waitOutBlocks = () =>
  t.deps.database.db.execute(
    sql`update auth_throttle set blocked_until = now() - interval '1 second' where blocked_until is not null`,
  );

describe('sign-in throttling', () => {
  it('slows an attacker down progressively while the owner signs in from elsewhere', async () => {
    const { user } = await t.createUser();
    const attacker = '203.0.113.66';
    for (let i = 0; i < THROTTLE.pairFreeFailures; i += 1) {
      const app = i % 2 ? other : t.app;
      expect((await login(app, user.email, 'wrong password', attacker)).status).toBe(401);
    }
    const delays: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      expect((await login(t.app, user.email, 'wrong password', attacker)).status).toBe(401);
      // the next attempt from that address is held back, even with the right password
      const held = await login(other, user.email, TEST_PASSWORD, attacker);
      expect(held.status).toBe(429);
      expect(((await held.json()) as { error: string }).error).toMatch(
        /Too many failed sign-in attempts/,
      );
      delays.push(Number(held.headers.get('retry-after')));
      // the owner, from their own address, is never held back
      expect((await login(t.app, user.email, TEST_PASSWORD, '198.51.100.7')).status).toBe(200);
      await waitOutBlocks();
    }
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[2]).toBeGreaterThan(delays[1]!);
    expect(Math.max(...delays)).toBeLessThanOrEqual(THROTTLE.pairMaxDelaySeconds);
  });

  it('counts the address the proxy appended, not a forged leftmost one', async () => {
    const { user } = await t.createUser();
    const attempts = THROTTLE.pairFreeFailures + 1;
    for (let i = 0; i < attempts; i += 1) {
      const forged = `10.${i}.${i}.${i}, 192.0.2.50`;
      expect((await login(t.app, user.email, 'wrong password', forged)).status).toBe(401);
    }
    const held = await login(t.app, user.email, 'wrong password', '10.99.99.99, 192.0.2.50');
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(t.app, user.email, TEST_PASSWORD, '192.0.2.51')).status).toBe(200);
  });

  it('takes the configured number of trusted hops from the right', () => {
    const request = (xff?: string) => ({
      req: { header: (name: string) => (name === 'x-forwarded-for' ? xff : undefined) },
    });
    expect(clientAddress(request('1.1.1.1, 2.2.2.2, 3.3.3.3'), true, '9.9.9.9')).toBe('3.3.3.3');
    expect(clientAddress(request('1.1.1.1, 2.2.2.2, 3.3.3.3'), true, '9.9.9.9', 2)).toBe('2.2.2.2');
    expect(clientAddress(request('3.3.3.3'), true, '9.9.9.9', 2)).toBe('9.9.9.9');
    expect(clientAddress(request('1.1.1.1'), false, '9.9.9.9')).toBe('9.9.9.9');
    expect(clientAddress(request(undefined), true, '9.9.9.9')).toBe('9.9.9.9');
  });

  it('blocks a client address that fails across many accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < THROTTLE.addressLimit; i += 1) {
      expect(
        (await login(i % 2 ? other : t.app, `nobody${i}@example.com`, 'wrong password', ip)).status,
      ).toBe(401);
    }
    const { user } = await t.createUser();
    const blocked = await login(t.app, user.email, TEST_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // the same account from another address still signs in
    expect((await login(t.app, user.email, TEST_PASSWORD, '192.0.2.78')).status).toBe(200);
  });

  it('a success clears the counter of its account and address', async () => {
    const { user } = await t.createUser();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < THROTTLE.pairFreeFailures; i += 1) {
        expect((await login(t.app, user.email, 'wrong password', '198.51.100.1')).status).toBe(401);
      }
      expect((await login(t.app, user.email, TEST_PASSWORD, '198.51.100.1')).status).toBe(200);
    }
  });
});
