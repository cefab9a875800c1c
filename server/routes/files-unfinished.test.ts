// Unfinished resumable uploads: the length each declared is held against the quota from its
// creation (so several cannot together pass it), shown by /api/files/limits, and released when
// the upload becomes its file or is cancelled; each expires (`Upload-Expires`, 24 hours unless
// UPLOAD_EXPIRY_HOURS says otherwise), answers 410 once expired, and the sweep removes expired
// uploads, rows and bytes alike, and bytes no row accounts for once they are that old.
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../db/rows.ts';
import { tusCreate, tusPatch, tusUpload } from '../files/testing/uploads.ts';
import { sweepUnfinishedUploads } from '../files/unfinished-uploads.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
const HOUR = 60 * 60 * 1000;

const tus = (t: TestServer, location: string, method: string, auth: Record<string, string>) =>
  t.app.request(location, { method, headers: { ...auth, 'Tus-Resumable': '1.0.0' } });

async function limits(t: TestServer, user: User) {
  const res = await t.call('GET', '/api/files/limits', { token: user.token });
  return (await res.json()) as { used: number; reserved: number; limit: number };
}

/** When the server recorded the upload's creation (not the test's clock). */
async function createdAt(t: TestServer, location: string) {
  const [row] = await queryRows<{ created_at: string | Date }>(
    t.deps.database.db,
    sql`select created_at from unfinished_uploads where upload_id = ${location.split('/').pop()!}`,
  );
  return new Date(row!.created_at).getTime();
}

const expires = (res: Response) => Date.parse(res.headers.get('upload-expires') ?? '');

describe('unfinished uploads and the quota', () => {
  let t: TestServer;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    t = await createTestServer({ STORAGE_QUOTA_BYTES: String(1_000_000) });
    alice = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(() => t.close());

  it('hold their declared length from creation, so several cannot pass the quota together', async () => {
    await tusUpload(t.app, alice.auth, 'note.txt', 'text/plain', Buffer.alloc(35, 'a'));
    const first = await tusCreate(
      t.app,
      alice.auth,
      { filename: 'one.bin', filetype: 'application/zip' },
      530_000,
    );
    expect(first.status).toBe(201);
    expect(await limits(t, alice)).toMatchObject({ used: 530_035, reserved: 530_000 });

    for (const name of ['two.bin', 'three.bin', 'four.bin']) {
      const more = await tusCreate(
        t.app,
        alice.auth,
        { filename: name, filetype: 'application/zip' },
        530_000,
      );
      expect(more.status).toBe(413);
      const body = JSON.parse(await more.text()) as { error: string; fields: { file: string } };
      expect(body.error).toMatch(/quota of 976\.6 KB/);
      expect(body.fields.file).toMatch(/976\.6 KB/);
    }

    // finishing it turns the hold into the file: not counted twice, not refused
    const done = await tusPatch(
      t.app,
      alice.auth,
      first.headers.get('location')!,
      0,
      Buffer.alloc(530_000, 1),
    );
    expect(done.status).toBe(200);
    expect(await limits(t, alice)).toMatchObject({ used: 530_035, reserved: 0 });
    const after = await tusCreate(
      t.app,
      alice.auth,
      { filename: 'five.bin', filetype: 'application/zip' },
      530_000,
    );
    expect(after.status).toBe(413);
  });

  it('release the hold when cancelled, and hold against the owner of the folder', async () => {
    const created = await tusCreate(
      t.app,
      bob.auth,
      { filename: 'big.bin', filetype: 'application/zip' },
      400_000,
    );
    expect((await limits(t, bob)).reserved).toBe(400_000);
    expect((await tus(t, created.headers.get('location')!, 'DELETE', bob.auth)).status).toBe(204);
    expect(await limits(t, bob)).toMatchObject({ used: 0, reserved: 0 });

    const folder = await t.call('POST', '/api/files/folders', {
      token: bob.token,
      body: { name: 'Drop box' },
    });
    const { item } = (await folder.json()) as { item: { id: string } };
    await t.call('POST', `/api/files/items/${item.id}/shares`, {
      token: bob.token,
      body: { email: alice.user.email, role: 'editor' },
    });
    const into = await tusCreate(
      t.app,
      alice.auth,
      { filename: 'for-bob.bin', filetype: 'application/zip', parentId: item.id },
      300_000,
    );
    expect(into.status).toBe(201);
    expect((await limits(t, bob)).reserved).toBe(300_000);
  });

  it('expire 24 hours after their creation by default', async () => {
    const created = await tusCreate(
      t.app,
      bob.auth,
      { filename: 'later.txt', filetype: 'text/plain' },
      10,
    );
    const location = created.headers.get('location')!;
    expect(expires(created) - (await createdAt(t, location))).toBeGreaterThan(24 * HOUR - 1000);
    expect(expires(created) - (await createdAt(t, location))).toBeLessThanOrEqual(24 * HOUR);
    await tus(t, location, 'DELETE', bob.auth);
  });
});

describe('expiry of unfinished uploads (UPLOAD_EXPIRY_HOURS=2)', () => {
  let t: TestServer;
  let alice: User;
  let uploads: string;
  beforeAll(async () => {
    t = await createTestServer({
      STORAGE_QUOTA_BYTES: String(1_000_000),
      UPLOAD_EXPIRY_HOURS: '2',
    });
    alice = await t.createUser();
    uploads = path.join(t.env.dataDir, 'uploads');
  });
  afterAll(() => t.close());

  const start = async (name: string) => {
    const created = await tusCreate(
      t.app,
      alice.auth,
      { filename: name, filetype: 'text/plain' },
      100,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    return { created, location, id: location.split('/').pop()! };
  };

  it('says when in Upload-Expires, then answers 410 and the sweep removes it', async () => {
    const { created, location, id } = await start('slow.txt');
    const at = expires(created);
    expect(at - (await createdAt(t, location))).toBeGreaterThan(2 * HOUR - 1000);
    expect(at - (await createdAt(t, location))).toBeLessThanOrEqual(2 * HOUR);
    const part = await tusPatch(t.app, alice.auth, location, 0, Buffer.alloc(40, 'x'));
    expect(part.status).toBe(204);
    expect(expires(part)).toBe(at);
    const head = await tus(t, location, 'HEAD', alice.auth);
    expect(head.headers.get('upload-offset')).toBe('40');
    expect(expires(head)).toBe(at);

    // its time is up (as recorded in the database, which every process reads)
    await t.deps.database.db.execute(
      sql`update unfinished_uploads set expires_at = now() - interval '1 minute' where upload_id = ${id}`,
    );
    expect((await tus(t, location, 'HEAD', alice.auth)).status).toBe(410);
    const late = await tusPatch(t.app, alice.auth, location, 40, Buffer.alloc(60, 'x'));
    expect(late.status).toBe(410);
    expect((await limits(t, alice)).reserved).toBe(0);

    expect(await sweepUnfinishedUploads(t.deps)).toMatchObject({ expired: 1 });
    expect(fs.existsSync(path.join(uploads, id))).toBe(false);
    expect(fs.existsSync(path.join(uploads, `${id}.json`))).toBe(false);
    expect((await tus(t, location, 'HEAD', alice.auth)).status).toBe(404);
  });

  it('sweeps nothing young; past the expiry, rows with their bytes and bytes with no row', async () => {
    const held = await start('held.txt');
    const stray = await start('stray.txt');
    // bytes of an upload no row accounts for (an older version made it, or its row was swept)
    await t.deps.database.db.execute(
      sql`delete from unfinished_uploads where upload_id = ${stray.id}`,
    );

    expect(await sweepUnfinishedUploads(t.deps)).toEqual({ expired: 0, stray: 0 });
    for (const { id } of [held, stray]) expect(fs.existsSync(path.join(uploads, id))).toBe(true);

    const later = new Date(Date.now() + 2 * HOUR + 60_000);
    expect(await sweepUnfinishedUploads(t.deps, later)).toEqual({ expired: 1, stray: 1 });
    for (const { id } of [held, stray]) {
      expect(fs.existsSync(path.join(uploads, id))).toBe(false);
      expect(fs.existsSync(path.join(uploads, `${id}.json`))).toBe(false);
    }
    const rows = await queryRows(
      t.deps.database.db,
      sql`select 1 from unfinished_uploads where upload_id = ${held.id}`,
    );
    expect(rows).toEqual([]);
  });
});
