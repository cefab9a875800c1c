// Account input the database cannot store (text with U+0000) is a 400 naming the field on
// the admin calls and the user's own profile, never a 500; so is a user name in the URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await createTestServer();
  admin = (await t.createUser({ role: 'admin' })).token;
});
afterAll(() => t.close());

const nul = 'a\u0000b';
const fieldsOf = async (res: Response) =>
  Object.keys(((await res.json()) as { fields?: Record<string, string> }).fields ?? {});

describe('U+0000 in account input', () => {
  it('is refused naming the field when an admin creates or edits a user', async () => {
    const { user } = await t.createUser();
    const base = {
      firstName: 'Nia',
      lastName: 'Okafor',
      email: 'nia.nul@example.com',
      role: 'user',
      status: 'pending',
    };
    for (const field of ['firstName', 'lastName']) {
      const res = await t.call('POST', '/api/v1/user', {
        token: admin,
        body: { ...base, [field]: nul },
      });
      expect(res.status, field).toBe(400);
      expect(await fieldsOf(res), field).toContain(field);
    }
    for (const field of ['firstName', 'about', 'city', 'country', 'phone']) {
      const res = await t.call('PATCH', `/api/v1/user/${user.id}`, {
        token: admin,
        body: { [field]: nul },
      });
      expect(res.status, field).toBe(400);
      expect(await fieldsOf(res), field).toContain(field);
    }
  });

  it('is refused in searches and in a user name in the URL', async () => {
    for (const url of ['/api/v1/user/list?search=a%00', '/api/v1/user/directory?search=a%00']) {
      const res = await t.call('GET', url, { token: admin });
      expect(res.status, url).toBe(400);
    }
    const res = await t.call('GET', '/api/v1/user/manage/a%00b', { token: admin });
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual(['path.slug']);
  });

  it('is refused in the user’s own profile', async () => {
    const { token } = await t.createUser();
    for (const field of ['lastName', 'about']) {
      const res = await t.call('PATCH', '/api/v1/user/profile', { token, body: { [field]: nul } });
      expect(res.status, field).toBe(400);
      expect(await fieldsOf(res), field).toContain(field);
    }
  });
});
