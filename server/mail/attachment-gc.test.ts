// Attachment files do not outlive their use: an upload never attached is collected after the
// grace period (a recent one is kept), a file with no row goes too, and a file removed from a
// draft is deleted when the draft is saved without it.
import fs from 'node:fs';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attachments } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../test-utils.ts';
import { ATTACHMENT_GRACE_MS, collectOrphanAttachments } from './attachment-gc.ts';
import { attachmentPath, writeAttachment } from './attachment-store.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let t: TestServer;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser();
  bob = await t.createUser();
});
afterAll(() => t.close());

async function upload(name: string) {
  const form = new FormData();
  form.append('file', new File([`bytes of ${name}`], name, { type: 'text/plain' }));
  const res = await t.app.request('/api/mail/attachments', {
    method: 'POST',
    headers: alice.auth,
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { attachment: { id: string } }).attachment.id;
}

const onDisk = (id: string) => fs.existsSync(attachmentPath(t.deps, id));
const hasRow = async (id: string) =>
  (await t.deps.database.db.select().from(attachments).where(eq(attachments.id, id))).length > 0;

describe('orphan attachments', () => {
  it('collects an upload never attached once the grace period has passed', async () => {
    const lost = await upload('lost.txt');
    const sent = await upload('sent.txt');
    const res = await t.call('POST', '/api/mail/send', {
      token: alice.token,
      body: { to: [bob.user.email], subject: 'With file', attachmentIds: [sent] },
    });
    expect(res.status).toBe(201);

    // within the grace period nothing goes
    await collectOrphanAttachments(t.deps, new Date(Date.now() + ATTACHMENT_GRACE_MS - 60_000));
    expect(onDisk(lost)).toBe(true);
    expect(await hasRow(lost)).toBe(true);

    const later = new Date(Date.now() + ATTACHMENT_GRACE_MS + 60_000);
    const result = await collectOrphanAttachments(t.deps, later);
    expect(result.unattached).toBe(1);
    expect(onDisk(lost)).toBe(false);
    expect(await hasRow(lost)).toBe(false);
    // a sent mail's file stays, however old
    expect(onDisk(sent)).toBe(true);
    expect(await hasRow(sent)).toBe(true);
  });

  it('keeps a recent upload and removes an old file that has no row', async () => {
    const recent = await upload('recent.txt');
    const stray = crypto.randomUUID();
    await writeAttachment(t.deps, stray, new TextEncoder().encode('stray'));
    const old = new Date(Date.now() - ATTACHMENT_GRACE_MS - 60_000);
    fs.utimesSync(attachmentPath(t.deps, stray), old, old);

    const result = await collectOrphanAttachments(t.deps);
    expect(result.strayFiles).toBe(1);
    expect(onDisk(stray)).toBe(false);
    expect(onDisk(recent)).toBe(true);
  });
});

describe('drafts', () => {
  it('deletes the file of an attachment removed from a draft', async () => {
    const keep = await upload('keep.txt');
    const drop = await upload('drop.txt');
    const created = await t.call('POST', '/api/mail/drafts', {
      token: alice.token,
      body: { to: [bob.user.email], subject: 'Draft', attachmentIds: [keep, drop] },
    });
    expect(created.status).toBe(201);
    const draftId = ((await created.json()) as { mail: { id: string } }).mail.id;

    const saved = await t.call('POST', '/api/mail/drafts', {
      token: alice.token,
      body: { draftId, to: [bob.user.email], subject: 'Draft', attachmentIds: [keep] },
    });
    expect(saved.status).toBe(200);
    expect(onDisk(drop)).toBe(false);
    expect(onDisk(keep)).toBe(true);

    await t.call('POST', '/api/mail/drafts', {
      token: alice.token,
      body: { draftId, to: [bob.user.email], subject: 'Draft', attachmentIds: [] },
    });
    expect(onDisk(keep)).toBe(false);
  });
});
