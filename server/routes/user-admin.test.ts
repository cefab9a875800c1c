// User management by admins: creating an account mails a working single-use set-password
// link, duplicates and bad input are refused naming the field, a ban or suspension ends the
// user's sessions at once, an admin never locks themselves out and the last admin stays, and
// none of it is open to non-admins.
import crypto from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { oneTimeTokens, users } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

async function json(res: Response) {
  return (await res.json()) as Record<string, any>;
}

let n = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    firstName: 'Nia',
    lastName: `Okafor ${n}`,
    email: `nia${n}@example.com`,
    role: 'user',
    status: 'pending',
    ...overrides,
  };
}

const linkIn = (text: string | undefined) =>
  /\/auth\/new-password\?token=([\w-]+)/.exec(text ?? '')?.[1];

describe('admin-only', () => {
  it('answers 403 to a signed-in non-admin and 401 to a visitor on every admin call', async () => {
    const { token } = await t.createUser();
    const { user: other } = await t.createUser();
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/user', newUser()],
      ['GET', '/api/v1/user/directory'],
      ['GET', `/api/v1/user/manage/${other.slug}`],
      ['PATCH', `/api/v1/user/${other.id}`, { status: 'banned' }],
      ['POST', `/api/v1/user/${other.id}/invitation`],
      ['GET', `/api/v1/user/${other.id}/admin-actions`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.status).toBe('active');
  });
});

describe('POST /api/v1/user (create)', () => {
  it('creates a pending account and mails a single-use link that sets the password and activates it', async () => {
    const { token } = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const body = newUser({ email: '  Nia.New@Example.com ' });
    const res = await t.call('POST', '/api/v1/user', { token, body });
    expect(res.status).toBe(201);
    const data = await json(res);
    expect(data.invitationSent).toBe(true);
    expect(data.user).toMatchObject({
      email: 'nia.new@example.com',
      username: 'nia.new@example.com',
      role: 'user',
      status: 'pending',
      emailVerified: false,
    });
    expect(data.user.slug).toMatch(/^nia-okafor/);

    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('nia.new@example.com');
    expect(mail.text).toContain('Ada Admin');
    expect(mail.text).toContain('valid for 7 days');
    const link = linkIn(mail.text);
    expect(link).toBeTruthy();
    // the link lives a week
    const [stored] = await t.deps.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, data.user.id));
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // nobody can sign in before the password is set
    const early = await t.call('POST', '/api/v1/user/login', {
      body: { email: 'nia.new@example.com', password: 'a fine new passphrase' },
    });
    expect(early.status).toBe(401);

    const set = await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: link, password: 'a fine new passphrase' },
    });
    expect(set.status).toBe(200);
    const login = await t.call('POST', '/api/v1/user/login', {
      body: { email: 'nia.new@example.com', password: 'a fine new passphrase' },
    });
    expect(login.status).toBe(200);
    const signedIn = await json(login);
    expect(signedIn.user.emailVerified).toBe(true);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, data.user.id));
    expect(row?.status).toBe('active');

    // single use
    const again = await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: link, password: 'another new passphrase' },
    });
    expect(again.status).toBe(400);
    expect((await json(again)).fields.token).toBe(
      'This reset link is invalid, expired or already used. Ask for a new one.',
    );
  });

  it('creates an admin directly and a banned account without mail', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const admin = await json(
      await t.call('POST', '/api/v1/user', {
        token,
        body: newUser({ role: 'admin', status: 'active' }),
      }),
    );
    expect(admin.user).toMatchObject({ role: 'admin', status: 'active' });
    const sent = t.mailer.sent.length;
    const banned = await t.call('POST', '/api/v1/user', {
      token,
      body: newUser({ status: 'banned' }),
    });
    expect(banned.status).toBe(201);
    expect((await json(banned)).invitationSent).toBe(false);
    expect(t.mailer.sent.length).toBe(sent);
  });

  it('refuses a taken email with 409 on the email field, whatever its case', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const { user } = await t.createUser();
    const res = await t.call('POST', '/api/v1/user', {
      token,
      body: newUser({ email: user.email.toUpperCase() }),
    });
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.fields.email).toMatch(/already exists/);
  });

  it('names every bad field', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const res = await t.call('POST', '/api/v1/user', {
      token,
      body: { firstName: ' ', lastName: 'X', email: 'not-an-email', role: 'owner', status: 'gone' },
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'firstName', 'role', 'status']);
    expect(body.fields.email).toBe('Invalid email address.');
    const notJson = await t.call('POST', '/api/v1/user', { token, body: '{' });
    expect(notJson.status).toBe(400);
  });
});

describe('GET /api/v1/user/manage/{slug} and the directory', () => {
  it('finds a user by slug with the profile fields, 404 for an unknown one', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const { user } = await t.createUser({ city: 'Lagos', phone: '+234 1' });
    const res = await t.call('GET', `/api/v1/user/manage/${user.slug}`, { token });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({
      id: user.id,
      city: 'Lagos',
      phone: '+234 1',
      country: '',
      status: 'active',
    });
    expect((await t.call('GET', '/api/v1/user/manage/nobody-here', { token })).status).toBe(404);
  });

  it('pages and searches the directory and counts what each user has', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const { user: host } = await t.createUser({ firstName: 'Directoryhost' });
    await t.createUser({ firstName: 'Directoryguest', referringUserId: host.id });
    await t.createUser({ firstName: 'Directoryguest', referringUserId: host.id });
    const found = await json(
      await t.call('GET', '/api/v1/user/directory?search=directoryhost', { token }),
    );
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({
      id: host.id,
      counts: { videos: 0, conversations: 0, referrals: 2 },
    });
    const page = await json(
      await t.call('GET', '/api/v1/user/directory?search=directory&pageSize=2&page=2', { token }),
    );
    expect(page.total).toBe(3);
    expect(page.users).toHaveLength(1);
    const bad = await t.call('GET', '/api/v1/user/directory?pageSize=500', { token });
    expect(bad.status).toBe(400);
    // names the limit
    expect((await json(bad)).fields.pageSize).toMatch(/\b48\b/);
  });
});

describe('PATCH /api/v1/user/{id}', () => {
  it('edits the profile, email and role; a taken email is 409 on email', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const { user } = await t.createUser();
    const { user: other } = await t.createUser();
    const res = await t.call('PATCH', `/api/v1/user/${user.id}`, {
      token,
      body: { firstName: 'Renamed', city: 'Hanoi', email: 'Moved@Example.com', role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({
      firstName: 'Renamed',
      city: 'Hanoi',
      email: 'moved@example.com',
      username: 'moved@example.com',
      emailVerified: false,
      role: 'admin',
      slug: user.slug,
    });
    const taken = await t.call('PATCH', `/api/v1/user/${user.id}`, {
      token,
      body: { email: other.email },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).fields.email).toBe('An account with this email already exists.');
    const nothing = await t.call('PATCH', `/api/v1/user/${user.id}`, { token, body: {} });
    expect(nothing.status).toBe(400);
    const unknown = await t.call('PATCH', `/api/v1/user/${crypto.randomUUID()}`, {
      token,
      body: { city: 'x' },
    });
    expect(unknown.status).toBe(404);
  });

  it('bans a user: their open session is refused on its next request, and unbanning does not revive it', async () => {
    const { token: adminToken } = await t.createUser({ role: 'admin' });
    const { user, token } = await t.createUser();
    expect((await t.call('GET', '/api/v1/user/jwt/fetch', { token })).status).toBe(200);
    const ban = await t.call('PATCH', `/api/v1/user/${user.id}`, {
      token: adminToken,
      body: { status: 'banned' },
    });
    expect(ban.status).toBe(200);
    expect((await t.call('GET', '/api/v1/user/jwt/fetch', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/mail/mails', { token })).status).toBe(401);
    await t.call('PATCH', `/api/v1/user/${user.id}`, {
      token: adminToken,
      body: { status: 'active' },
    });
    expect((await t.call('GET', '/api/v1/user/jwt/fetch', { token })).status).toBe(401);
  });

  it('setting a user back to pending also ends their sessions', async () => {
    const { token: adminToken } = await t.createUser({ role: 'admin' });
    const { user, token } = await t.createUser();
    await t.call('PATCH', `/api/v1/user/${user.id}`, {
      token: adminToken,
      body: { status: 'pending' },
    });
    expect((await t.call('GET', '/api/v1/user/jwt/fetch', { token })).status).toBe(401);
  });

  it('demoting an admin takes effect on their next request', async () => {
    const { token: adminToken } = await t.createUser({ role: 'admin' });
    const { user, token } = await t.createUser({ role: 'admin' });
    expect((await t.call('GET', '/api/v1/user/directory', { token })).status).toBe(200);
    await t.call('PATCH', `/api/v1/user/${user.id}`, { token: adminToken, body: { role: 'user' } });
    expect((await t.call('GET', '/api/v1/user/directory', { token })).status).toBe(403);
  });

  it('refuses an admin banning, suspending or demoting themselves, naming the field', async () => {
    const { user: me, token } = await t.createUser({ role: 'admin' });
    for (const [body, field] of [
      [{ status: 'banned' }, 'status'],
      [{ status: 'pending' }, 'status'],
      [{ role: 'user' }, 'role'],
    ] as const) {
      const res = await t.call('PATCH', `/api/v1/user/${me.id}`, { token, body });
      expect(res.status).toBe(400);
      const data = await json(res);
      expect(data.fields[field]).toMatch(/your own/);
    }
    // their own name they may change
    const rename = await t.call('PATCH', `/api/v1/user/${me.id}`, {
      token,
      body: { firstName: 'Still', status: 'active' },
    });
    expect(rename.status).toBe(200);
  });

  it('keeps the last admin: two admins demoting each other at once leave one admin', async () => {
    const solo = await createTestServer();
    try {
      const a = await solo.createUser({ role: 'admin' });
      const b = await solo.createUser({ role: 'admin' });
      const [ab, ba] = await Promise.all([
        solo.call('PATCH', `/api/v1/user/${b.user.id}`, { token: a.token, body: { role: 'user' } }),
        solo.call('PATCH', `/api/v1/user/${a.user.id}`, { token: b.token, body: { role: 'user' } }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 403]);
      const admins = await solo.deps.database.db
        .select()
        .from(users)
        .where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
      // the one left cannot step down
      const left = admins[0]!.id === a.user.id ? a : b;
      const res = await solo.call('PATCH', `/api/v1/user/${left.user.id}`, {
        token: left.token,
        body: { role: 'user' },
      });
      expect(res.status).toBe(400);
    } finally {
      await solo.close();
    }
  });
});

describe('POST /api/v1/user/{id}/invitation', () => {
  it('mails a new link to a pending user and refuses a banned one', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const created = await json(await t.call('POST', '/api/v1/user', { token, body: newUser() }));
    const res = await t.call('POST', `/api/v1/user/${created.user.id}/invitation`, { token });
    expect(res.status).toBe(200);
    expect(linkIn(t.mailer.sent.at(-1)?.text)).toBeTruthy();
    expect(t.mailer.sent.at(-1)?.to).toBe(created.user.email);
    await t.call('PATCH', `/api/v1/user/${created.user.id}`, { token, body: { status: 'banned' } });
    const refused = await t.call('POST', `/api/v1/user/${created.user.id}/invitation`, { token });
    expect(refused.status).toBe(409);
    expect((await json(refused)).fields.status).toBe('This account is banned.');
  });

  it('a link mailed to the old address stops working when an admin changes the email', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const created = await json(
      await t.call('POST', '/api/v1/user', { token, body: newUser({ email: 'typo@exmaple.com' }) }),
    );
    const link = linkIn(t.mailer.sent.at(-1)?.text);
    expect(t.mailer.sent.at(-1)?.to).toBe('typo@exmaple.com');
    const moved = await t.call('PATCH', `/api/v1/user/${created.user.id}`, {
      token,
      body: { email: 'right@example.com' },
    });
    expect(moved.status).toBe(200);
    // whoever got the mail at the wrong address cannot set the password of the account
    const reset = await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: link, password: 'a stranger took it over' },
    });
    expect(reset.status).toBe(400);
    const [row] = await t.deps.database.db
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, created.user.id));
    expect(row?.status).toBe('pending');
    // a new invitation to the new address works
    await t.call('POST', `/api/v1/user/${created.user.id}/invitation`, { token });
    expect(t.mailer.sent.at(-1)?.to).toBe('right@example.com');
    const fresh = await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: linkIn(t.mailer.sent.at(-1)?.text), password: 'the owner sets it now' },
    });
    expect(fresh.status).toBe(200);
  });

  it('an invitation link cannot unban a banned user', async () => {
    const { token } = await t.createUser({ role: 'admin' });
    const created = await json(await t.call('POST', '/api/v1/user', { token, body: newUser() }));
    const link = linkIn(t.mailer.sent.at(-1)?.text);
    await t.call('PATCH', `/api/v1/user/${created.user.id}`, { token, body: { status: 'banned' } });
    await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: link, password: 'a fine new passphrase' },
    });
    const login = await t.call('POST', '/api/v1/user/login', {
      body: { email: created.user.email, password: 'a fine new passphrase' },
    });
    expect(login.status).toBe(403);
  });
});

describe('no silent takeover', () => {
  const mailsTo = (address: string) => t.mailer.sent.filter((m) => m.to === address);

  it('tells the old address of an email change and every address of a password set by invitation, and lists what the admin did', async () => {
    const admin = await t.createUser({ role: 'admin', firstName: 'Mal', lastName: 'Admin' });
    const { user: vic } = await t.createUser({ firstName: 'Vic', email: 'vic@example.com' });

    const moved = await t.call('PATCH', `/api/v1/user/${vic.id}`, {
      token: admin.token,
      body: { email: 'mallory@example.com' },
    });
    expect(moved.status).toBe(200);
    const changed = mailsTo('vic@example.com');
    expect(changed.map((m) => m.subject)).toEqual(['The email address of your Clipdeck account was changed']);
    expect(changed[0]!.text).toContain('from vic@example.com to mallory@example.com');
    expect(changed[0]!.text).not.toMatch(/token=/);

    await t.call('POST', `/api/v1/user/${vic.id}/invitation`, { token: admin.token });
    const link = linkIn(mailsTo('mallory@example.com').at(-1)?.text);
    const set = await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: link, password: 'the admin took it over' },
    });
    expect(set.status).toBe(200);
    const subject = 'A password was set for your Clipdeck account';
    // the owner hears of it at the address the account was moved away from, and at the new one
    expect(mailsTo('vic@example.com').map((m) => m.subject)).toContain(subject);
    expect(mailsTo('mallory@example.com').map((m) => m.subject)).toContain(subject);

    const history = await t.call('GET', `/api/v1/user/${vic.id}/admin-actions`, { token: admin.token });
    expect(history.status).toBe(200);
    const { actions } = await json(history);
    expect(actions.map((a: { action: string }) => a.action)).toEqual(['invited', 'changed']);
    expect(actions[1]).toMatchObject({
      admin: { id: admin.user.id, name: 'Mal Admin' },
      details: { fields: ['email'], email: { from: 'vic@example.com', to: 'mallory@example.com' } },
    });
    expect(Date.parse(actions[1].at)).not.toBeNaN();
    expect(JSON.stringify(actions)).not.toMatch(/token|password|new-password/i);
  });

  it('records creating an account, its invitation, a ban and a role change; a password reset by its owner is not an invitation', async () => {
    const admin = await t.createUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    const created = await json(
      await t.call('POST', '/api/v1/user', { token: admin.token, body: newUser({ email: 'newbie@example.com' }) }),
    );
    const id = created.user.id as string;
    await t.call('PATCH', `/api/v1/user/${id}`, { token: admin.token, body: { status: 'banned', role: 'admin' } });
    // a change to nothing is not an action
    await t.call('PATCH', `/api/v1/user/${id}`, { token: admin.token, body: { status: 'banned' } });
    const { actions } = await json(await t.call('GET', `/api/v1/user/${id}/admin-actions`, { token: admin.token }));
    expect(actions.map((a: { action: string; details: unknown }) => [a.action, a.details])).toEqual([
      ['changed', { fields: ['role', 'status'], role: 'admin', status: 'banned' }],
      ['invited', {}],
      ['created', { role: 'user', status: 'pending' }],
    ]);
    expect((await t.call('GET', `/api/v1/user/${crypto.randomUUID()}/admin-actions`, { token: admin.token })).status).toBe(404);
    expect((await t.call('GET', '/api/v1/user/not-an-id/admin-actions', { token: admin.token })).status).toBe(400);

    // the owner's own reset link tells nobody of an invitation
    const { user: owner } = await t.createUser({ email: 'owner@example.com' });
    await t.call('POST', '/api/v1/user/password/forgot', { body: { email: owner.email } });
    await expect.poll(() => mailsTo('owner@example.com').length).toBe(1);
    await t.call('POST', '/api/v1/user/password/reset', {
      body: { token: linkIn(mailsTo('owner@example.com')[0]!.text), password: 'my own new password' },
    });
    expect(mailsTo('owner@example.com').map((m) => m.subject)).toEqual(['Reset your Clipdeck password']);
  });
});
