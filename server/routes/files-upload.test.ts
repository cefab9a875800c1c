// Uploads: tus (create, interrupted, resumed), dedupe, limits and quota answered before any
// byte is sent, images cleaned, names with path traversal, the plain streaming PUT.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../db/rows.ts';
import { fileItems } from '../db/schema/index.ts';
import { tusCreate, tusPatch, tusUpload } from '../files/testing/uploads.ts';
import { storageOf } from '../storage/storage.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;
let t: TestServer;
let alice: User;
let bob: User;

beforeAll(async () => {
  t = await createTestServer({ STORAGE_QUOTA_BYTES: String(300_000) });
  alice = await t.createUser();
  bob = await t.createUser();
});
afterAll(() => t.close());

const head = (location: string, auth: Record<string, string>) =>
  t.app.request(location, { method: 'HEAD', headers: { ...auth, 'Tus-Resumable': '1.0.0' } });

/** Alice starts a text upload of these bytes; its address and id, no byte sent yet. */
async function startText(filename: string, bytes: Buffer) {
  const created = await tusCreate(
    t.app,
    alice.auth,
    { filename, filetype: 'text/plain' },
    bytes.length,
  );
  const location = created.headers.get('location')!;
  return { location, id: location.split('/').pop()! };
}

describe('resumable uploads', () => {
  it('uploads a file and lists it', async () => {
    const item = await tusUpload(
      t.app,
      alice.auth,
      'notes.txt',
      'text/plain',
      Buffer.from('hello'),
    );
    expect(item).toMatchObject({
      name: 'notes.txt',
      size: 5,
      contentType: 'text/plain',
      role: 'owner',
    });
    const list = await t.call('GET', '/api/files/items', { token: alice.token });
    const body = (await list.json()) as { items: { id: string }[] };
    expect(body.items.map((i) => i.id)).toContain(item.id);
  });

  it('resumes an upload interrupted mid-body from the offset the server kept', async () => {
    const bytes = crypto.randomBytes(64 * 1024);
    const created = await tusCreate(
      t.app,
      alice.auth,
      { filename: 'big.bin', filetype: 'application/octet-stream' },
      bytes.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/files\/tus\/\w+$/);

    // the first part arrives whole; the second breaks off midway (the connection drops)
    const first = await tusPatch(t.app, alice.auth, location, 0, bytes.subarray(0, 20_000));
    expect(first.status).toBe(204);
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error('connection dropped'));
        sent = true;
        controller.enqueue(bytes.subarray(20_000, 30_000));
      },
    });
    await tusPatch(t.app, alice.auth, location, 20_000, broken).catch(() => undefined);

    const offset = Number((await head(location, alice.auth)).headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(20_000);
    expect(offset).toBeLessThanOrEqual(30_000);
    // someone else cannot see or continue it
    expect((await head(location, bob.auth)).status).toBe(404);
    expect((await tusPatch(t.app, bob.auth, location, offset, bytes.subarray(offset))).status).toBe(
      404,
    );

    const rest = await tusPatch(t.app, alice.auth, location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(200);
    const { item } = (await rest.json()) as { item: { id: string; size: number } };
    expect(item.size).toBe(bytes.length);
    const content = await t.app.request(`/api/files/items/${item.id}/content`, {
      headers: alice.auth,
    });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('finishes, on the next HEAD, an upload whose bytes were all in when the server stopped', async () => {
    const bytes = Buffer.from('all bytes arrived, then the server stopped');
    const { location, id: uploadId } = await startText('stalled.txt', bytes);
    // the bytes as a PATCH would have left them on disk, with no file made from them yet
    fs.appendFileSync(path.join(t.env.dataDir, 'uploads', uploadId), bytes);
    expect((await head(location, bob.auth)).status).toBe(404);
    const answer = await head(location, alice.auth);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('upload-offset')).toBe(String(bytes.length));
    const id = answer.headers.get('upload-item')!;
    const content = await t.app.request(`/api/files/items/${id}/content`, { headers: alice.auth });
    expect(await content.text()).toBe(bytes.toString());
  });

  it('answers a finished upload asked about again (its answer lost) with the same file, not a new upload', async () => {
    const bytes = Buffer.from('the last PATCH arrived; its answer did not');
    const { location } = await startText('once.txt', bytes);
    const patched = await tusPatch(t.app, alice.auth, location, 0, bytes);
    expect(patched.status).toBe(200);
    const { item } = (await patched.json()) as { item: { id: string } };
    // the client, not knowing, asks where the upload stands (what tus-js-client does on retry):
    // complete, offset = length, and the file it made; a 404 would make it upload again
    for (const _ of [1, 2]) {
      const answer = await head(location, alice.auth);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('upload-offset')).toBe(String(bytes.length));
      expect(answer.headers.get('upload-length')).toBe(String(bytes.length));
      expect(answer.headers.get('upload-item')).toBe(item.id);
    }
    // only its uploader learns that
    expect((await head(location, bob.auth)).status).toBe(404);
    const rows = await t.deps.database.db
      .select({ id: fileItems.id })
      .from(fileItems)
      .where(eq(fileItems.name, 'once.txt'));
    expect(rows).toEqual([{ id: item.id }]);
  });

  it('makes one file when the same upload is finished twice (a crash between the two steps)', async () => {
    const bytes = Buffer.from('finished, then the server died before forgetting the upload');
    const { location, id: uploadId } = await startText('twice.txt', bytes);
    const uploads = path.join(t.env.dataDir, 'uploads');
    const info = fs.readFileSync(path.join(uploads, `${uploadId}.json`));
    const patched = await tusPatch(t.app, alice.auth, location, 0, bytes);
    const { item } = (await patched.json()) as { item: { id: string } };
    // as if the process had stopped before removing the upload: its record and bytes are back
    fs.writeFileSync(path.join(uploads, `${uploadId}.json`), info);
    fs.writeFileSync(path.join(uploads, uploadId), bytes);
    const answer = await head(location, alice.auth);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('upload-item')).toBe(item.id);
    const rows = await t.deps.database.db
      .select({ name: fileItems.name })
      .from(fileItems)
      .where(sql`${fileItems.name} like 'twice%'`);
    expect(rows).toEqual([{ name: 'twice.txt' }]);
    // and the bytes it left are cleared
    expect(fs.existsSync(path.join(uploads, uploadId))).toBe(false);
  });

  it('stores the same bytes once for two files', async () => {
    const bytes = crypto.randomBytes(4096);
    const a = await tusUpload(t.app, alice.auth, 'one.bin', 'application/octet-stream', bytes);
    const b = await tusUpload(t.app, bob.auth, 'two.bin', 'application/octet-stream', bytes);
    const rows = await t.deps.database.db
      .select({ hash: fileItems.blobHash })
      .from(fileItems)
      .where(sql`${fileItems.id} in (${a.id}, ${b.id})`);
    expect(rows[0]!.hash).toBe(rows[1]!.hash);
    const blobs = await queryRows(
      t.deps.database.db,
      sql`select 1 from storage_blobs where hash = ${rows[0]!.hash}`,
    );
    expect(blobs).toHaveLength(1);
  });

  it('refuses before any byte is sent: over the quota with 413 naming the limit, over the type limit', async () => {
    const over = await tusCreate(
      t.app,
      bob.auth,
      { filename: 'huge.bin', filetype: 'application/zip' },
      400_000,
    );
    expect(over.status).toBe(413);
    const body = JSON.parse(await over.text()) as { error: string; fields: { file: string } };
    expect(body.error).toMatch(/quota of 293 KB/);
    expect(body.fields.file).toBeDefined();

    const image = await tusCreate(
      t.app,
      bob.auth,
      { filename: 'photo.jpg', filetype: 'image/jpeg' },
      60 * 1024 * 1024,
    );
    expect(image.status).toBe(413);
    expect(await image.text()).toMatch(/image file may be at most 50 MB/);

    const plain = await t.app.request('/api/files/content?name=big.bin', {
      method: 'PUT',
      headers: { ...bob.auth, 'Content-Length': '400000', 'Content-Type': 'application/zip' },
      body: new Uint8Array(10),
    });
    expect(plain.status).toBe(413);
  });

  it('answers 401 without a token and 400 for a bad name', async () => {
    const anonymous = await t.app.request('/api/files/tus', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '3' },
    });
    expect(anonymous.status).toBe(401);
    const dotdot = await tusCreate(
      t.app,
      alice.auth,
      { filename: '..', filetype: 'text/plain' },
      3,
    );
    expect(dotdot.status).toBe(400);
  });

  it('keeps only the last segment of a name with path traversal', async () => {
    const item = await tusUpload(
      t.app,
      alice.auth,
      '../../../etc/passwd',
      'text/plain',
      Buffer.from('x'),
    );
    expect(item.name).toBe('passwd');
    expect(item.parentId).toBeNull();
    const folder = await t.call('POST', '/api/files/folders', {
      token: alice.token,
      body: { name: '../escape' },
    });
    expect(folder.status).toBe(400);
    expect(((await folder.json()) as { fields: Record<string, string> }).fields.name).toBeDefined();
  });

  it('cleans images: EXIF location removed, thumbnail served', async () => {
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#884422' },
    })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
      .toBuffer();
    const item = await tusUpload(t.app, alice.auth, 'trip.jpg', 'image/jpeg', photo);
    expect(item.category).toBe('image');
    expect([item.width, item.height]).toEqual([800, 600]);
    const [row] = await t.deps.database.db
      .select()
      .from(fileItems)
      .where(eq(fileItems.id, item.id));
    const stored = await storageOf(t.deps).readBytes(row!.blobHash!);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const thumb = await t.app.request(item.urls!.thumbnail!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');

    const fake = await tusCreate(
      t.app,
      alice.auth,
      { filename: 'fake.png', filetype: 'image/png' },
      5,
    );
    const patched = await tusPatch(
      t.app,
      alice.auth,
      fake.headers.get('location')!,
      0,
      Buffer.from('hello'),
    );
    expect(patched.status).toBe(422);
  });

  it('takes a plain streaming upload', async () => {
    const res = await t.app.request('/api/files/content?name=plain.txt', {
      method: 'PUT',
      headers: { ...alice.auth, 'Content-Type': 'text/plain', 'Content-Length': '11' },
      body: 'plain bytes',
    });
    expect(res.status).toBe(201);
    const { item } = (await res.json()) as { item: { id: string; name: string } };
    expect(item.name).toBe('plain.txt');
  });
});
