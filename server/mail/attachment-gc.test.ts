// Attachment files do not outlive their use: an upload never attached is collected after the
// grace period (a recent one is kept), bytes with no row go too, a file removed from a draft
// loses its row when the draft is saved without it and its bytes with the blob collector, and
// files kept under DATA_DIR/attachments before storage are moved into it.
import fs from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attachments } from '../db/schema/index.ts';
import { BLOB_GRACE_MS, collectBlobs } from '../storage/collect.ts';
import { storageOf } from '../storage/storage.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { ATTACHMENT_GRACE_MS, collectOrphanAttachments } from './attachment-gc.ts';
import { importLegacyAttachments } from './attachment-store.ts';

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
  const id = ((await res.json()) as { attachment: { id: string } }).attachment.id;
  const [row] = await t.deps.database.db
    .select({ hash: attachments.blobHash })
    .from(attachments)
    .where(eq(attachments.id, id));
  hashes.set(id, row!.hash!);
  return id;
}

const hashes = new Map<string, string>();
const stored = (id: string) => storageOf(t.deps).has(hashes.get(id)!);
const hasRow = async (id: string) =>
  (await t.deps.database.db.select().from(attachments).where(eq(attachments.id, id))).length > 0;
const afterBlobGrace = (from = Date.now()) => new Date(from + BLOB_GRACE_MS + 60_000);

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
    expect(await stored(lost)).toBe(true);
    expect(await hasRow(lost)).toBe(true);

    const later = new Date(Date.now() + ATTACHMENT_GRACE_MS + 60_000);
    const result = await collectOrphanAttachments(t.deps, later);
    expect(result.unattached).toBe(1);
    expect(await hasRow(lost)).toBe(false);
    await collectBlobs(t.deps, later);
    expect(await stored(lost)).toBe(false);
    // a sent mail's file stays, however old
    expect(await stored(sent)).toBe(true);
    expect(await hasRow(sent)).toBe(true);
  });

  it('keeps a recent upload and removes old bytes that no row points at', async () => {
    const recent = await upload('recent.txt');
    const stray = await storageOf(t.deps).put(new TextEncoder().encode('stray'));

    await collectBlobs(t.deps);
    expect(await storageOf(t.deps).has(stray.hash)).toBe(true);
    const result = await collectBlobs(t.deps, afterBlobGrace());
    expect(result.unreferenced).toBeGreaterThanOrEqual(1);
    expect(await storageOf(t.deps).has(stray.hash)).toBe(false);
    expect(await stored(recent)).toBe(true);
  });

  it('stores a forwarded file once, and keeps it while one mail still has it', async () => {
    const original = await upload('shared.txt');
    const sent = await t.call('POST', '/api/mail/send', {
      token: alice.token,
      body: { to: [bob.user.email], subject: 'Original', attachmentIds: [original] },
    });
    expect(sent.status).toBe(201);
    const forward = await t.call('POST', '/api/mail/send', {
      token: bob.token,
      body: { to: [alice.user.email], subject: 'Fwd', attachmentIds: [original] },
    });
    expect(forward.status).toBe(201);
    const rows = await t.deps.database.db
      .select({ hash: attachments.blobHash })
      .from(attachments)
      .where(eq(attachments.blobHash, hashes.get(original)!));
    expect(rows).toHaveLength(2);
    await collectBlobs(t.deps, afterBlobGrace());
    expect(await stored(original)).toBe(true);
  });
});

describe('files from before storage', () => {
  it('moves DATA_DIR/attachments/<id> into storage and serves it', async () => {
    const id = crypto.randomUUID();
    await t.deps.database.db.insert(attachments).values({
      id,
      ownerId: alice.user.id,
      kind: 'mail',
      fileName: 'old.txt',
      contentType: 'text/plain',
      size: 9,
    });
    const dir = path.join(t.deps.env.dataDir, 'attachments');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, id), 'old bytes');

    expect(await importLegacyAttachments(t.deps)).toBe(1);
    expect(fs.existsSync(path.join(dir, id))).toBe(false);
    const res = await t.app.request(`/api/mail/attachments/${id}`, { headers: alice.auth });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('old bytes');
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
    expect(await hasRow(drop)).toBe(false);
    expect(await hasRow(keep)).toBe(true);
    await collectBlobs(t.deps, afterBlobGrace());
    expect(await stored(drop)).toBe(false);
    expect(await stored(keep)).toBe(true);

    await t.call('POST', '/api/mail/drafts', {
      token: alice.token,
      body: { draftId, to: [bob.user.email], subject: 'Draft', attachmentIds: [] },
    });
    expect(await hasRow(keep)).toBe(false);
    await collectBlobs(t.deps, afterBlobGrace());
    expect(await stored(keep)).toBe(false);
  });
});
