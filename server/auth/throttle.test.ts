import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApp } from '../app.ts';
import { createTestServer, TEST_PASSWORD, type TestServer } from '../test-utils.ts';
import { THROTTLE } from './throttle.ts';

// Two app instances on one database stand for two API processes: counters must be shared.
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
  ip: string,
) =>
  Promise.resolve(
    app.request('/api/v1/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ email, password }),
    }),
  );

describe('sign-in throttling', () => {
  it('blocks an account after a burst of failures, across processes, with Retry-After', async () => {
    const { user } = await t.createUser();
    for (let i = 0; i < THROTTLE.accountLimit; i += 1) {
      // alternate between the two "processes" and addresses: the account counter is shared
      const app = i % 2 ? other : t.app;
      expect((await login(app, user.email, 'wrong password', `10.0.0.${i}`)).status).toBe(401);
    }
    const blocked = await login(t.app, user.email, TEST_PASSWORD, '10.0.1.1');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE.blockSeconds);
    expect(((await blocked.json()) as { error: string }).error).toMatch(
      /Too many failed sign-in attempts/,
    );
    // another account is not affected
    const { user: other2 } = await t.createUser();
    expect((await login(other, other2.email, TEST_PASSWORD, '10.0.1.2')).status).toBe(200);
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
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // the same account from another address still signs in
    expect((await login(t.app, user.email, TEST_PASSWORD, '192.0.2.78')).status).toBe(200);
  });

  it('a success clears the account counter', async () => {
    const { user } = await t.createUser();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < THROTTLE.accountLimit - 1; i += 1) {
        expect((await login(t.app, user.email, 'wrong password', '198.51.100.1')).status).toBe(401);
      }
      expect((await login(t.app, user.email, TEST_PASSWORD, '198.51.100.1')).status).toBe(200);
    }
  });
});
