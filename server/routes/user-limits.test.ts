// The calls strangers can make that send mail or store their text are limited per client
// address and per target email (429 with Retry-After), and a password-reset request answers
// the same, and without waiting for any mail work, whether or not the email has an account.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { ACCESS_REQUEST_LIMIT, FORGOT_LIMIT } from '../auth/request-limits.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let known: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  t = await createTestServer({ TRUST_PROXY: 'true' });
  known = await t.createUser();
});
afterAll(() => t.close());

const from = (address: string) => ({ 'X-Forwarded-For': address });
const forgot = (email: string, address: string) =>
  t.call('POST', '/api/v1/user/password/forgot', { body: { email }, headers: from(address) });
const accessRequest = (email: string, address: string) =>
  t.call('POST', '/api/v1/user/access-request', {
    body: { email, name: 'Asker', message: 'Let me in' },
    headers: from(address),
  });

function expectThrottled(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
}

describe('password/forgot', () => {
  it('limits requests per target email, whatever the address', async () => {
    for (let i = 0; i < FORGOT_LIMIT.perEmail; i += 1) {
      expect((await forgot(known.user.email, `10.0.1.${i}`)).status).toBe(200);
    }
    expectThrottled(await forgot(known.user.email, '10.0.1.200'));
    // an unknown email is limited the same way
    for (let i = 0; i < FORGOT_LIMIT.perEmail; i += 1) {
      expect((await forgot('nobody-here@example.com', `10.0.2.${i}`)).status).toBe(200);
    }
    expectThrottled(await forgot('nobody-here@example.com', '10.0.2.200'));
  });

  it('limits requests per client address, whatever the email', async () => {
    for (let i = 0; i < FORGOT_LIMIT.perAddress; i += 1) {
      expect((await forgot(`spray${i}@example.com`, '10.0.3.1')).status).toBe(200);
    }
    expectThrottled(await forgot('spray-last@example.com', '10.0.3.1'));
    expect((await forgot('spray-last@example.com', '10.0.3.2')).status).toBe(200);
  });

  it('answers the same for a known and an unknown email', async () => {
    const a = await forgot((await t.createUser()).user.email, '10.0.4.1');
    const b = await forgot('never-registered@example.com', '10.0.4.2');
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
  });

  it('answers before the reset mail is sent, then sends it', async () => {
    const user = await t.createUser();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = t.mailer.send;
    t.mailer.send = async (mail) => {
      await gate;
      return send(mail);
    };
    try {
      const answered = await Promise.race([
        forgot(user.user.email, '10.0.5.1').then((r) => r.status),
        new Promise((resolve) => setTimeout(() => resolve('still waiting for the mailer'), 3000)),
      ]);
      expect(answered).toBe(200);
      expect(t.mailer.sent.some((m) => m.to === user.user.email)).toBe(false);
      release();
      await vi.waitFor(() =>
        expect(t.mailer.sent.some((m) => m.to === user.user.email)).toBe(true),
      );
    } finally {
      t.mailer.send = send;
      release();
    }
  });
});

describe('access-request', () => {
  it('limits requests per email and per address', async () => {
    for (let i = 0; i < ACCESS_REQUEST_LIMIT.perEmail; i += 1) {
      expect((await accessRequest('asker@example.com', `10.1.0.${i}`)).status).toBe(201);
    }
    expectThrottled(await accessRequest('asker@example.com', '10.1.0.200'));
    for (let i = 0; i < ACCESS_REQUEST_LIMIT.perAddress; i += 1) {
      expect((await accessRequest(`asker${i}@example.com`, '10.1.1.1')).status).toBe(201);
    }
    expectThrottled(await accessRequest('asker-last@example.com', '10.1.1.1'));
  });
});
