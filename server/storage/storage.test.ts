// One suite, both drivers: the local disk always, and S3 through s3rver started here on a
// free loopback port. Content addressing, dedupe, streams with ranges, the size limit, the
// HTTP answer (ranges, ETag, safe types), collection of unreferenced bytes and image cleaning.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { queryRows } from '../db/rows.ts';
import { attachments } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { BLOB_GRACE_MS, collectBlobs } from './collect.ts';
import { putImage } from './images.ts';
import { startS3TestServer } from './s3-test-server.ts';
import { blobResponse } from './serve.ts';
import { blobKey, storageOf, TooLarge, type Storage } from './storage.ts';

const drivers = [
  { name: 'disk', start: () => Promise.resolve({ env: {}, close: () => Promise.resolve() }) },
  {
    name: 's3',
    start: async () => {
      const s3 = await startS3TestServer();
      return { env: { S3_URL: s3.url }, close: s3.close };
    },
  },
] as const;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');
const later = () => new Date(Date.now() + BLOB_GRACE_MS + 60_000);

async function read(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let shared: TestServer;
beforeAll(async () => {
  shared = await createTestServer();
});
afterAll(() => shared.close());

describe.each(drivers)('storage on the $name driver', ({ name, start }) => {
  // one database for both drivers; each gets its own dependencies, so its own storage
  let t: Pick<TestServer, 'deps' | 'createUser'>;
  let storage: Storage;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const started = await start();
    stop = started.close;
    t = {
      deps: { ...shared.deps, env: { ...shared.deps.env, ...started.env } },
      createUser: shared.createUser,
    };
    storage = storageOf(t.deps);
  });
  afterAll(() => stop());

  const rowCount = async (hash: string) =>
    (await queryRows(t.deps.database.db, sql`select 1 from storage_blobs where hash = ${hash}`))
      .length;
  const objectCount = async () => {
    let n = 0;
    for await (const _ of storage.driver.list('blobs/')) n += 1;
    return n;
  };

  it('runs on the configured driver', () => {
    expect(storage.driver.kind).toBe(name);
  });

  it('stores bytes under their SHA-256 and reads them back', async () => {
    const bytes = new TextEncoder().encode(`hello from ${name}`);
    const blob = await storage.put(bytes);
    expect(blob).toEqual({ hash: sha256(bytes), size: bytes.length });
    expect(await storage.readBytes(blob.hash)).toEqual(Buffer.from(bytes));
    expect(await storage.has(blob.hash)).toBe(true);
    expect(await storage.has('0'.repeat(64))).toBe(false);
  });

  it('stores the same bytes once', async () => {
    const bytes = crypto.randomBytes(2048);
    const before = await objectCount();
    const first = await storage.put(bytes);
    const second = await storage.put(Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]));
    expect(second.hash).toBe(first.hash);
    expect(await objectCount()).toBe(before + 1);
    expect(await rowCount(first.hash)).toBe(1);
    expect(fs.readdirSync(storage.stagingDir)).toEqual([]);
  });

  it('streams a large body in and reads a byte range out', async () => {
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const web = new Blob([bytes]).stream();
    const blob = await storage.put(web);
    expect(blob.size).toBe(bytes.length);
    const slice = await read(await storage.read(blob.hash, { start: 1_000_000, end: 1_000_099 }));
    expect(slice).toEqual(bytes.subarray(1_000_000, 1_000_100));
  });

  it('refuses a body over the limit with a 413 naming it and keeps nothing', async () => {
    const before = await objectCount();
    const error = await storage
      .put(crypto.randomBytes(5000), { maxBytes: 4096 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooLarge);
    expect((error as TooLarge).status).toBe(413);
    expect((error as TooLarge).message).toContain('4 KB');
    expect(await objectCount()).toBe(before);
    expect(fs.readdirSync(storage.stagingDir)).toEqual([]);
  });

  it('answers HTTP ranges, conditional requests and HEAD', async () => {
    const bytes = new TextEncoder().encode('0123456789abcdefghij');
    const blob = await storage.put(bytes);
    const served = { ...blob, contentType: 'text/plain', fileName: 'digits.txt' };
    const get = (headers: Record<string, string> = {}, method = 'GET') =>
      blobResponse(new Request('http://x/f', { method, headers }), storage, served, {
        inline: true,
      });

    const full = await get();
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-disposition')).toMatch(/^inline; filename="digits.txt"/);
    expect(await full.text()).toBe('0123456789abcdefghij');

    const part = await get({ Range: 'bytes=5-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 5-9/20');
    expect(part.headers.get('content-length')).toBe('5');
    expect(await part.text()).toBe('56789');

    const tail = await get({ Range: 'bytes=-3' });
    expect(await tail.text()).toBe('hij');
    const open = await get({ Range: 'bytes=18-' });
    expect(await open.text()).toBe('ij');

    const beyond = await get({ Range: 'bytes=20-30' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */20');

    // the tag names the blob without giving its content hash away (which would name the bytes
    // to anyone who saw it, wherever else they are stored)
    const etag = full.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(etag).not.toContain(blob.hash);
    expect((await get()).headers.get('etag')).toBe(etag);
    const cached = await get({ 'If-None-Match': etag });
    expect(cached.status).toBe(304);
    expect((await get({ 'If-None-Match': `"${blob.hash}"` })).status).toBe(200);
    const head = await get({}, 'HEAD');
    expect(head.headers.get('content-length')).toBe('20');
    expect(await head.text()).toBe('');
  });

  it('never serves an SVG or HTML as active content', async () => {
    const svg = await storage.put(
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    );
    const answer = await blobResponse(
      new Request('http://x/f'),
      storage,
      { ...svg, contentType: 'image/svg+xml', fileName: '../../evil.svg' },
      { inline: true },
    );
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="evil.svg"/);
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');

    const html = await blobResponse(
      new Request('http://x/f'),
      storage,
      { ...svg, contentType: 'text/html', fileName: 'page.html' },
      { inline: true },
    );
    expect(html.headers.get('content-type')).toBe('application/octet-stream');
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('collects bytes nothing references once the grace period has passed', async () => {
    const owner = await t.createUser();
    const loose = await storage.put(crypto.randomBytes(64));
    const kept = await storage.put(crypto.randomBytes(64));
    await t.deps.database.db.insert(attachments).values({
      ownerId: owner.user.id,
      kind: 'mail',
      fileName: 'kept.bin',
      contentType: 'application/octet-stream',
      size: kept.size,
      blobHash: kept.hash,
    });

    // a product image is referenced by its URL in products.images
    const pictured = await storage.put(crypto.randomBytes(64));
    await t.deps.database.db.execute(
      sql`insert into products (name, slug, price, category, gender, images)
        values ('Pictured', ${`pictured-${name}`}, 100, 'Shoes', 'Unisex',
          ${`{/api/products/images/${pictured.hash}.png}`}::text[])`,
    );

    await collectBlobs(t.deps);
    expect(await storage.has(loose.hash)).toBe(true);

    const result = await collectBlobs(t.deps, later());
    expect(result.unreferenced).toBeGreaterThanOrEqual(1);
    expect(await storage.has(loose.hash)).toBe(false);
    expect(await rowCount(loose.hash)).toBe(0);
    expect(await storage.has(kept.hash)).toBe(true);
    expect(await rowCount(kept.hash)).toBe(1);
    expect(await storage.has(pictured.hash)).toBe(true);

    // the same bytes put again after their collection are stored again
    const again = await storage.put(await storage.readBytes(kept.hash));
    expect(again.hash).toBe(kept.hash);
    const back = crypto.randomBytes(64);
    const lost = await storage.put(back);
    await collectBlobs(t.deps, later());
    expect(await storage.has(lost.hash)).toBe(false);
    await storage.put(back);
    expect(await storage.has(lost.hash)).toBe(true);
  });

  it('removes an object with no row and a staging file left by a crash', async () => {
    const bytes = crypto.randomBytes(100);
    const hash = sha256(bytes);
    const file = path.join(storage.stagingDir, 'crashed-upload');
    fs.mkdirSync(storage.stagingDir, { recursive: true });
    fs.writeFileSync(file, bytes);
    const copy = `${file}-copy`;
    fs.copyFileSync(file, copy);
    await storage.driver.write(blobKey(hash), copy, bytes.length);
    fs.rmSync(copy, { force: true });

    const result = await collectBlobs(t.deps, later());
    expect(result.strayObjects).toBeGreaterThanOrEqual(1);
    expect(result.staleStaging).toBe(1);
    expect(await storage.has(hash)).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('stores images re-encoded without EXIF (GPS included), upright, with a thumbnail', async () => {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const image = await putImage(storage, photo);
    expect(image.contentType).toBe('image/jpeg');
    expect([image.width, image.height]).toEqual([480, 640]);
    const stored = await sharp(await storage.readBytes(image.hash)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    const thumb = await sharp(await storage.readBytes(image.thumbnail!.hash)).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(320);

    const fake = await putImage(storage, Buffer.from('<svg onload="alert(1)"/>')).catch(
      (e: unknown) => e,
    );
    expect((fake as { status: number }).status).toBe(422);
  });
});
