// The login payload keeps its optional `token` (docs/product-rules.md lists it), but no captcha or
// second-factor verifier ships, so nothing may require it: the app never sends one. A
// LOGIN_CAPTCHA left in an old environment changes nothing: sign-in works with or without
// a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, TEST_PASSWORD, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let email = '';

beforeAll(async () => {
  t = await createTestServer({ LOGIN_CAPTCHA: 'required' });
  ({
    user: { email },
  } = await t.createUser());
});
afterAll(() => t.close());

describe('sign-in with LOGIN_CAPTCHA=required in the environment', () => {
  it('signs in as the app does, without a token', async () => {
    const res = await t.call('POST', '/api/v1/user/login', {
      body: { email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accessToken: expect.any(String), user: { email } });
  });

  it('accepts the optional token and still refuses a wrong password', async () => {
    const withToken = await t.call('POST', '/api/v1/user/login', {
      body: { email, password: TEST_PASSWORD, token: null },
    });
    expect(withToken.status).toBe(200);
    const wrong = await t.call('POST', '/api/v1/user/login', {
      body: { email, password: 'not the password', token: 'anything' },
    });
    expect(wrong.status).toBe(401);
  });

  it('is not part of the configuration any more', () => {
    expect(t.env).not.toHaveProperty('LOGIN_CAPTCHA');
  });
});
