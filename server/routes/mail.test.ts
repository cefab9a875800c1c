import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedChat } from '../seed/chat.ts';
import { seedMail } from '../seed/mail.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
type Json = Record<string, any>;

let t: TestServer;
let alice: User;
let bob: User;
let carol: User;
let eve: User;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Archer' });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Baker' });
  carol = await t.createUser({ firstName: 'Carol', lastName: 'Cole' });
  eve = await t.createUser({ firstName: 'Eve', lastName: 'Eavesdropper' });
});
afterAll(() => t.close());

async function json(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

async function send(from: User, body: Json) {
  const res = await t.call('POST', '/api/mail/send', { token: from.token, body });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await json(res)).mail as Json;
}

async function list(user: User, query = 'labelId=inbox') {
  const res = await t.call('GET', `/api/mail/mails?${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return (await json(res)) as { mails: Json[]; nextCursor: string | null };
}

async function upload(
  user: User,
  name: string,
  type: string,
  bytes: Uint8Array<ArrayBuffer> | string,
) {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return t.app.request('/api/mail/attachments', { method: 'POST', headers: user.auth, body: form });
}

describe('auth', () => {
  it('answers 401 to every call without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/mail/labels'],
      ['GET', '/api/mail/mails'],
      ['GET', '/api/mail/mail?mailId=00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/mail/send'],
      ['POST', '/api/mail/drafts'],
      ['POST', '/api/mail/mails/flags'],
      ['POST', '/api/mail/attachments'],
    ] as const) {
      expect((await t.call(method, url)).status, url).toBe(401);
    }
  });
});

describe('sending and delivery', () => {
  it('delivers to, cc and bcc into each inbox and keeps a Sent copy', async () => {
    const mail = await send(alice, {
      to: [bob.user.email],
      cc: [carol.user.email],
      bcc: [eve.user.email],
      subject: 'Quarterly plan',
      body: '<p>Hello <strong>team</strong></p>',
    });
    expect(mail).toMatchObject({ folder: 'sent', subject: 'Quarterly plan', isDraft: false });
    expect(mail.bcc).toEqual([{ email: eve.user.email, name: 'Eve Eavesdropper' }]);
    expect(mail.labelIds).toEqual(expect.arrayContaining(['sent', 'all']));

    for (const user of [bob, carol, eve]) {
      const { mails } = await list(user);
      const got = mails.find((m) => m.messageId === mail.messageId);
      expect(got, user.user.email).toBeDefined();
      expect(got).toMatchObject({
        folder: 'inbox',
        isRead: false,
        from: { email: alice.user.email },
      });
      // nobody but the sender learns who was in bcc
      expect(got!.bcc).toEqual([]);
      expect(got!.message).toBe('<p>Hello <strong>team</strong></p>');
      expect(got!.preview).toBe('Hello team');
    }
  });

  it('refuses a send with an unknown address, naming it, and delivers nothing', async () => {
    const res = await t.call('POST', '/api/mail/send', {
      token: alice.token,
      body: { to: [bob.user.email, 'nobody@nowhere.example'], subject: 'Lost?' },
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.fields.to).toContain('nobody@nowhere.example');
    const { mails } = await list(bob, 'labelId=inbox&search=Lost%3F');
    expect(mails).toHaveLength(0);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Json | string, string][] = [
      [{ to: ['not-an-address'] }, 'to.0'],
      [{ to: [] }, 'to'],
      [{ to: [bob.user.email], subject: 'x'.repeat(301) }, 'subject'],
      [{ to: [bob.user.email], attachmentIds: ['nope'] }, 'attachmentIds.0'],
      [{ to: 'bob' }, 'to'],
      [{ to: [bob.user.email], cc: [1] }, 'cc.0'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/api/mail/send', { token: alice.token, body });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await json(res)).fields), field).toContain(field);
    }
    const broken = await t.call('POST', '/api/mail/send', { token: alice.token, body: '{' });
    expect(broken.status).toBe(400);
  });

  it('replies (threaded by inReplyTo) and reply-all reaches everyone', async () => {
    const original = await send(alice, {
      to: [bob.user.email],
      cc: [carol.user.email],
      subject: 'Lunch?',
      body: '<p>Tuesday?</p>',
    });
    const bobCopy = (await list(bob)).mails.find((m) => m.messageId === original.messageId)!;
    const reply = await send(bob, {
      to: [alice.user.email],
      cc: [carol.user.email],
      subject: 'Re: Lunch?',
      body: '<p>Yes</p>',
      inReplyToMailId: bobCopy.id,
    });
    expect(reply.inReplyToId).toBe(original.messageId);
    for (const user of [alice, carol]) {
      const { mails } = await list(user, 'labelId=inbox&search=Re%3A%20Lunch');
      expect(mails).toHaveLength(1);
    }
  });
});

describe('reading', () => {
  it('filters by label, search, unread and pages by cursor and page', async () => {
    for (let i = 0; i < 5; i++)
      await send(carol, {
        to: [alice.user.email],
        subject: `Paging ${i}`,
        body: `<p>body ${i}</p>`,
      });
    const first = await list(alice, 'labelId=inbox&search=Paging&limit=2');
    expect(first.mails.map((m) => m.subject)).toEqual(['Paging 4', 'Paging 3']);
    expect(first.nextCursor).toBeTruthy();
    const second = await list(
      alice,
      `labelId=inbox&search=Paging&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.mails.map((m) => m.subject)).toEqual(['Paging 2', 'Paging 1']);
    const page3 = await list(alice, 'labelId=inbox&search=Paging&limit=2&page=3');
    expect(page3.mails.map((m) => m.subject)).toEqual(['Paging 0']);
    expect(page3.nextCursor).toBeNull();
    const byBody = await list(alice, 'labelId=all&search=body%203');
    expect(byBody.mails.map((m) => m.subject)).toEqual(['Paging 3']);
    const bySender = await list(alice, 'labelId=inbox&search=Carol%20Cole');
    expect(bySender.mails.length).toBeGreaterThanOrEqual(5);

    await t.call('POST', '/api/mail/mails/flags', {
      token: alice.token,
      body: { mailIds: [first.mails[0]!.id], isRead: true },
    });
    const unread = await list(alice, 'labelId=inbox&search=Paging&unread=true');
    expect(unread.mails.map((m) => m.subject)).not.toContain('Paging 4');
    expect(unread.mails).toHaveLength(4);
  });

  it('answers 400 for bad list queries', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['page=0', 'page'],
      ['cursor=garbage', 'cursor'],
      ['labelId=not-a-label', 'labelId'],
    ]) {
      const res = await t.call('GET', `/api/mail/mails?${query}`, { token: alice.token });
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).fields)).toContain(field);
    }
    const res = await t.call('GET', '/api/mail/mail?mailId=123', { token: alice.token });
    expect(res.status).toBe(400);
    expect((await json(res)).fields.mailId).toBeDefined();
  });

  it('GET /mail returns one mail, and labels count unread per label', async () => {
    const sent = await send(bob, { to: [alice.user.email], subject: 'Count me', body: 'x' });
    const res = await t.call('GET', `/api/mail/mail?mailId=${sent.id}`, { token: bob.token });
    expect((await json(res)).mail.subject).toBe('Count me');
    const labels = (await json(await t.call('GET', '/api/mail/labels', { token: alice.token })))
      .labels as Json[];
    expect(labels.map((l) => l.id).slice(0, 8)).toEqual([
      'all',
      'inbox',
      'sent',
      'drafts',
      'starred',
      'important',
      'spam',
      'trash',
    ]);
    const inbox = labels.find((l) => l.id === 'inbox')!;
    const unread = await list(alice, 'labelId=inbox&unread=true&limit=500');
    expect(inbox.unreadCount).toBe(unread.mails.length);
    expect(inbox.unreadCount).toBeGreaterThan(0);
  });
});

describe('isolation', () => {
  it('never shows one user mail from another mailbox', async () => {
    const secret = await send(alice, { to: [bob.user.email], subject: 'For Bob only', body: 'x' });
    const bobCopy = (await list(bob, 'labelId=inbox&search=For%20Bob%20only')).mails[0]!;
    for (const id of [secret.id, bobCopy.id]) {
      const res = await t.call('GET', `/api/mail/mail?mailId=${id}`, { token: eve.token });
      expect(res.status).toBe(404);
    }
    expect((await list(eve, 'labelId=all&search=For%20Bob')).mails).toHaveLength(0);
    // Eve cannot flag, move, label or delete someone else's copy either
    await t.call('POST', '/api/mail/mails/flags', {
      token: eve.token,
      body: { mailIds: [bobCopy.id], isStarred: true },
    });
    await t.call('POST', '/api/mail/mails/move', {
      token: eve.token,
      body: { mailIds: [bobCopy.id], folder: 'trash' },
    });
    await t.call('POST', '/api/mail/mails/delete', {
      token: eve.token,
      body: { mailIds: [bobCopy.id] },
    });
    const still = await json(
      await t.call('GET', `/api/mail/mail?mailId=${bobCopy.id}`, { token: bob.token }),
    );
    expect(still.mail).toMatchObject({ folder: 'inbox', isStarred: false });
  });

  it('serves an attachment only to the sender and the recipients', async () => {
    const up = await upload(alice, 'plan.pdf', 'application/pdf', '%PDF-1.4 secret plan');
    expect(up.status).toBe(201);
    const attachment = (await json(up)).attachment as Json;
    // before sending, only the uploader can read it
    const early = await t.app.request(`/api/mail/attachments/${attachment.id}`, {
      headers: bob.auth,
    });
    expect(early.status).toBe(404);
    // nobody else can send someone else's upload
    const stolen = await t.call('POST', '/api/mail/send', {
      token: eve.token,
      body: { to: [eve.user.email], attachmentIds: [attachment.id] },
    });
    expect(stolen.status).toBe(400);
    expect((await json(stolen)).fields.attachmentIds).toBeDefined();

    const mail = await send(alice, {
      to: [bob.user.email],
      bcc: [carol.user.email],
      subject: 'With file',
      attachmentIds: [attachment.id],
    });
    expect(mail.attachments).toEqual([
      { id: attachment.id, fileName: 'plan.pdf', contentType: 'application/pdf', size: 20 },
    ]);
    for (const user of [alice, bob, carol]) {
      const res = await t.app.request(`/api/mail/attachments/${attachment.id}`, {
        headers: user.auth,
      });
      expect(res.status, user.user.email).toBe(200);
      expect(await res.text()).toBe('%PDF-1.4 secret plan');
      expect(res.headers.get('content-disposition')).toContain('attachment; filename="plan.pdf"');
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
    }
    const denied = await t.app.request(`/api/mail/attachments/${attachment.id}`, {
      headers: eve.auth,
    });
    expect(denied.status).toBe(404);
  });

  it('forwards an attachment by copying it, and refuses oversized or empty uploads', async () => {
    const up = await json(
      await upload(bob, 'photo.png', 'image/png', new Uint8Array([137, 80, 78, 71])),
    );
    const original = await send(bob, {
      to: [carol.user.email],
      subject: 'Photo',
      attachmentIds: [up.attachment.id],
    });
    const carolCopy = (await list(carol, 'labelId=inbox&search=Photo')).mails[0]!;
    expect(carolCopy.messageId).toBe(original.messageId);
    const fwd = await send(carol, {
      to: [eve.user.email],
      subject: 'Fwd: Photo',
      attachmentIds: [up.attachment.id],
    });
    expect(fwd.attachments).toHaveLength(1);
    expect(fwd.attachments[0].id).not.toBe(up.attachment.id);
    const res = await t.app.request(`/api/mail/attachments/${fwd.attachments[0].id}`, {
      headers: eve.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Eve still cannot read Bob's original
    expect(
      (await t.app.request(`/api/mail/attachments/${up.attachment.id}`, { headers: eve.auth }))
        .status,
    ).toBe(404);

    const big = await upload(
      alice,
      'big.bin',
      'application/octet-stream',
      new Uint8Array(10 * 1024 * 1024 + 1),
    );
    expect(big.status).toBe(400);
    expect((await json(big)).fields.file).toMatch(/10 MB/);
    const empty = await upload(alice, 'e.txt', 'text/plain', '');
    expect(empty.status).toBe(400);
    const missing = await t.app.request('/api/mail/attachments', {
      method: 'POST',
      headers: alice.auth,
      body: new FormData(),
    });
    expect(missing.status).toBe(400);
    expect((await json(missing)).fields.file).toBeDefined();
  });

  it('keeps a file name with control characters or a path as a plain name', async () => {
    // found by the API fuzz run: a NUL in the name made the insert fail with a 500
    const res = await upload(alice, '../../a\u0000b\u0007.txt', 'text/plain', 'hello');
    expect(res.status).toBe(201);
    expect((await json(res)).attachment.fileName).toBe('ab.txt');
  });
});

describe('sanitising', () => {
  it('strips script, event handlers and javascript: links from bodies', async () => {
    const mail = await send(alice, {
      to: [bob.user.email],
      subject: 'Sneaky',
      body:
        '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<a href="javascript:alert(3)">x</a><a href="https://clipdeck.dev">ok</a></p>' +
        '<iframe src="https://evil.example"></iframe><style>body{}</style>',
    });
    const copy = (await list(bob, 'labelId=inbox&search=Sneaky')).mails[0]!;
    for (const html of [mail.message as string, copy.message as string]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img|<style/i);
      expect(html).toContain(
        '<a href="https://clipdeck.dev" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
      );
    }
  });
});

describe('drafts', () => {
  it('saves, updates and sends a draft; the draft leaves Drafts', async () => {
    const created = await t.call('POST', '/api/mail/drafts', {
      token: alice.token,
      body: { to: ['someone@not-yet.example'], subject: 'Draft one', body: '<p>v1</p>' },
    });
    expect(created.status).toBe(201);
    const draft = (await json(created)).mail as Json;
    expect(draft).toMatchObject({ folder: 'drafts', isDraft: true, labelIds: ['drafts'] });
    const updated = await json(
      await t.call('POST', '/api/mail/drafts', {
        token: alice.token,
        body: { draftId: draft.id, to: [bob.user.email], subject: 'Draft two', body: '<p>v2</p>' },
      }),
    );
    expect(updated.mail).toMatchObject({
      id: draft.id,
      subject: 'Draft two',
      message: '<p>v2</p>',
    });
    expect((await list(alice, 'labelId=drafts&search=Draft')).mails).toHaveLength(1);
    // someone else's draft id is refused
    const foreign = await t.call('POST', '/api/mail/drafts', {
      token: eve.token,
      body: { draftId: draft.id, subject: 'hijack' },
    });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).fields.draftId).toBeDefined();

    const sent = await send(alice, {
      draftId: draft.id,
      to: [bob.user.email],
      subject: 'Draft two',
      body: '<p>v2</p>',
    });
    expect(sent).toMatchObject({ id: draft.id, folder: 'sent', isDraft: false });
    expect((await list(alice, 'labelId=drafts&search=Draft')).mails).toHaveLength(0);
    expect((await list(bob, 'labelId=inbox&search=Draft%20two')).mails).toHaveLength(1);
  });
});

describe('flags, folders and labels', () => {
  it('stars, marks important, reads, trashes, restores and deletes forever', async () => {
    await send(carol, { to: [bob.user.email], subject: 'Flag me', body: 'x' });
    const mail = (await list(bob, 'labelId=inbox&search=Flag%20me')).mails[0]!;
    const ids = [mail.id];
    const flagged = await json(
      await t.call('POST', '/api/mail/mails/flags', {
        token: bob.token,
        body: { mailIds: ids, isStarred: true, isImportant: true, isRead: true },
      }),
    );
    expect(flagged.mails[0]).toMatchObject({ isStarred: true, isImportant: true, isRead: true });
    expect(flagged.mails[0].labelIds).toEqual(
      expect.arrayContaining(['inbox', 'all', 'starred', 'important']),
    );
    expect((await list(bob, 'labelId=starred&search=Flag%20me')).mails).toHaveLength(1);
    expect((await list(bob, 'labelId=important&search=Flag%20me')).mails).toHaveLength(1);

    const empty = await t.call('POST', '/api/mail/mails/flags', {
      token: bob.token,
      body: { mailIds: ids },
    });
    expect(empty.status).toBe(400);

    const trashed = await json(
      await t.call('POST', '/api/mail/mails/move', {
        token: bob.token,
        body: { mailIds: ids, folder: 'trash' },
      }),
    );
    expect(trashed.mails[0]).toMatchObject({ folder: 'trash', labelIds: ['trash'] });
    expect((await list(bob, 'labelId=starred&search=Flag%20me')).mails).toHaveLength(0);
    const restored = await json(
      await t.call('POST', '/api/mail/mails/restore', { token: bob.token, body: { mailIds: ids } }),
    );
    expect(restored.mails[0].folder).toBe('inbox');
    const spam = await json(
      await t.call('POST', '/api/mail/mails/move', {
        token: bob.token,
        body: { mailIds: ids, folder: 'spam' },
      }),
    );
    expect(spam.mails[0].folder).toBe('spam');
    const badFolder = await t.call('POST', '/api/mail/mails/move', {
      token: bob.token,
      body: { mailIds: ids, folder: 'sent' },
    });
    expect(badFolder.status).toBe(400);
    expect((await json(badFolder)).fields.folder).toBeDefined();

    const gone = await t.call('POST', '/api/mail/mails/delete', {
      token: bob.token,
      body: { mailIds: ids },
    });
    expect(gone.status).toBe(200);
    expect(
      (await t.call('GET', `/api/mail/mail?mailId=${mail.id}`, { token: bob.token })).status,
    ).toBe(404);
    // Carol's Sent copy is untouched
    expect((await list(carol, 'labelId=sent&search=Flag%20me')).mails).toHaveLength(1);
  });

  it('creates, edits, assigns and deletes the user’s own labels', async () => {
    const bad = await t.call('POST', '/api/mail/labels/new', {
      token: bob.token,
      body: { name: '', color: 'red' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields).sort()).toEqual(['color', 'name']);
    const created = await t.call('POST', '/api/mail/labels/new', {
      token: bob.token,
      body: { name: 'Clients', color: '#00a76f' },
    });
    expect(created.status).toBe(201);
    const label = (await json(created)).label as Json;
    const dup = await t.call('POST', '/api/mail/labels/new', {
      token: bob.token,
      body: { name: 'Clients', color: '#00a76f' },
    });
    expect(dup.status).toBe(409);

    await send(alice, { to: [bob.user.email], subject: 'Label me', body: 'x' });
    const mail = (await list(bob, 'labelId=inbox&search=Label%20me')).mails[0]!;
    const assigned = await json(
      await t.call('POST', '/api/mail/mails/labels', {
        token: bob.token,
        body: { mailIds: [mail.id], add: [label.id] },
      }),
    );
    expect(assigned.mails[0].labelIds).toContain(label.id);
    expect((await list(bob, `labelId=${label.id}`)).mails.map((m) => m.id)).toEqual([mail.id]);
    const labels = (await json(await t.call('GET', '/api/mail/labels', { token: bob.token })))
      .labels as Json[];
    expect(labels.find((l) => l.id === label.id)).toMatchObject({
      name: 'Clients',
      color: '#00a76f',
      totalCount: 1,
      unreadCount: 1,
    });

    // Eve can neither see, use nor edit Bob's label
    expect(
      (
        (await json(await t.call('GET', '/api/mail/labels', { token: eve.token }))).labels as Json[]
      ).some((l) => l.id === label.id),
    ).toBe(false);
    const evil = await t.call('POST', '/api/mail/labels/update', {
      token: eve.token,
      body: { labelId: label.id, name: 'pwned' },
    });
    expect(evil.status).toBe(404);

    const renamed = await json(
      await t.call('POST', '/api/mail/labels/update', {
        token: bob.token,
        body: { labelId: label.id, name: 'Customers' },
      }),
    );
    expect(renamed.label.name).toBe('Customers');
    // nothing to change is no change (found by the API fuzz run: it was a 500)
    const same = await t.call('POST', '/api/mail/labels/update', {
      token: bob.token,
      body: { labelId: label.id },
    });
    expect(same.status).toBe(200);
    expect((await json(same)).label).toMatchObject({ name: 'Customers', color: '#00a76f' });
    const notMine = await t.call('POST', '/api/mail/labels/update', {
      token: eve.token,
      body: { labelId: label.id },
    });
    expect(notMine.status).toBe(404);
    await t.call('POST', '/api/mail/labels/delete', {
      token: bob.token,
      body: { labelId: label.id },
    });
    const after = await json(
      await t.call('GET', `/api/mail/mail?mailId=${mail.id}`, { token: bob.token }),
    );
    expect(after.mail.labelIds).not.toContain(label.id);
  });
});

describe('demo content', () => {
  it('gives the demo users mail and chats with each other, once', async () => {
    const people = {
      demo: await t.createUser({ firstName: 'Dana', lastName: 'Demo' }),
      admin: await t.createUser({ firstName: 'Ada', lastName: 'Admin' }),
      sam: await t.createUser({ firstName: 'Sam', lastName: 'Rivera' }),
      lin: await t.createUser({ firstName: 'Lin', lastName: 'Chen' }),
    };
    const rows = Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.user]));
    for (let i = 0; i < 2; i++) {
      await seedMail(t.deps, rows);
      await seedChat(t.deps, rows);
    }
    const inbox = await list(people.demo, 'labelId=inbox');
    expect(inbox.mails.map((m) => m.subject)).toContain('Welcome to Clipdeck mail');
    expect(inbox.mails).toHaveLength(6);
    expect((await list(people.demo, 'labelId=drafts')).mails).toHaveLength(1);
    expect((await list(people.demo, 'labelId=sent')).mails).toHaveLength(1);
    expect((await list(people.sam, 'labelId=inbox')).mails.length).toBeGreaterThan(0);
    const chats = (
      await json(await t.call('GET', '/api/chat/conversations', { token: people.demo.token }))
    ).conversations as Json[];
    expect(chats).toHaveLength(3);
    expect(chats.map((c) => c.unreadCount).sort()).toEqual([0, 2, 3]);
  });
});
