// The product image URL serves product images and nothing else, on both storage drivers: not a
// private file whose hash someone learnt, only an upload waiting to be saved (for the grace
// period) or an image a product shows; a product cannot be saved with bytes no admin uploaded
// as a product image; no answer hands out a content hash. Images products showed before the
// registry existed (stored, or in the older DATA_DIR/product-images) are registered by the
// migration that made it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { migrationsFolder } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { createProduct, productInput } from '../shop/testing/fixtures.ts';
import { startS3TestServer } from '../storage/s3-test-server.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type User = Awaited<ReturnType<TestServer['createUser']>>;

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

const sha256 = (bytes: Uint8Array | string) =>
  crypto.createHash('sha256').update(bytes).digest('hex');

describe.each(drivers)('product image URLs on the $name driver', ({ start }) => {
  let t: TestServer;
  let stop: () => Promise<void>;
  let admin: User;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    const started = await start();
    stop = started.close;
    t = await createTestServer(started.env);
    admin = await t.createUser({ role: 'admin' });
    alice = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await stop();
  });

  async function uploadImage(colour: string) {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new File([new Uint8Array(png)], 'p.png', { type: 'image/png' }));
    const res = await t.app.request('/api/products/images', {
      method: 'POST',
      headers: admin.auth,
      body,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  }

  /** As if the upload had been made longer ago than the grace period for unsaved images. */
  const age = (url: string) =>
    t.deps.database.db.execute(
      sql`update product_images set uploaded_at = uploaded_at - interval '2 hours'
        where hash = ${url.split('/').pop()!.split('.')[0]!}`,
    );

  it('never serves a private file, not even to someone who once saw it', async () => {
    const secret = `Alice's private notes ${crypto.randomUUID()}`;
    const put = await t.app.request('/api/files/content?name=notes.txt', {
      method: 'PUT',
      headers: {
        ...alice.auth,
        'Content-Type': 'text/plain',
        'Content-Length': String(Buffer.byteLength(secret)),
      },
      body: secret,
    });
    expect(put.status).toBe(201);
    const { item } = (await put.json()) as { item: { id: string } };
    await t.call('POST', `/api/files/items/${item.id}/shares`, {
      token: alice.token,
      body: { email: bob.user.email, role: 'viewer' },
    });
    const seen = await t.app.request(`/api/files/items/${item.id}/content`, { headers: bob.auth });
    expect(await seen.text()).toBe(secret);
    const etag = seen.headers.get('etag')!;
    await t.app.request(`/api/files/items/${item.id}/shares/${bob.user.id}`, {
      method: 'DELETE',
      headers: alice.auth,
    });
    const after = await t.app.request(`/api/files/items/${item.id}/content`, {
      headers: bob.auth,
    });
    expect(after.status).toBe(404);

    // what Bob kept names neither the bytes nor a URL that still reaches them
    expect(etag).not.toContain(sha256(secret));
    for (const ext of ['png', 'jpg', 'webp']) {
      const viaShop = await t.call('GET', `/api/products/images/${sha256(secret)}.${ext}`);
      expect(viaShop.status).toBe(404);
      expect(await viaShop.text()).not.toContain('private notes');
    }
    // and an admin cannot make it a product image by naming it in a product
    const product = await t.call('POST', '/api/products/new', {
      token: admin.token,
      body: productInput({ images: [`/api/products/images/${sha256(secret)}.png`] }),
    });
    expect(product.status).toBe(400);
    expect(((await product.json()) as { fields: object }).fields).toHaveProperty('images.0');
  });

  it('serves an upload while it waits to be saved, then only while a product shows it', async () => {
    const unsaved = await uploadImage('#112233');
    const shown = await uploadImage('#445566');
    const replacement = await uploadImage('#778899');
    expect((await t.call('GET', unsaved)).status).toBe(200);

    const product = await createProduct(t, admin.token, { images: [shown] });
    for (const url of [unsaved, shown, replacement]) await age(url);
    expect((await t.call('GET', unsaved)).status).toBe(404);
    expect((await t.call('GET', shown)).status).toBe(200);
    expect((await t.call('GET', replacement)).status).toBe(404);

    const updated = await t.call('POST', '/api/products/update', {
      token: admin.token,
      body: {
        id: product.id,
        product: productInput({ name: product.name, images: [replacement] }),
      },
    });
    expect(updated.status).toBe(200);
    expect((await t.call('GET', shown)).status).toBe(404);
    expect((await t.call('GET', replacement)).status).toBe(200);

    await t.call('POST', '/api/products/delete', {
      token: admin.token,
      body: { ids: [product.id] },
    });
    expect((await t.call('GET', replacement)).status).toBe(404);
  });

  it('tags an image without its content hash, and answers 304 to that tag', async () => {
    const url = await uploadImage('#aa3355');
    const first = await t.call('GET', url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(etag).not.toContain(url.split('/').pop()!.split('.')[0]!);
    expect(sha256(Buffer.from(await first.arrayBuffer()))).not.toBe(etag.slice(1, -1));
    const again = await t.call('GET', url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('images products showed before the registry', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer();
  });
  afterAll(() => t.close());

  /** The statement of the registry's migration that registers the images products show. */
  function backFill(): string {
    const file = fs
      .readdirSync(migrationsFolder)
      .find((name) => /^\d{4}_product_images\.sql$/.test(name))!;
    const statements = fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint');
    return statements.find((s) => s.includes('INSERT INTO "product_images"'))!;
  }

  it('are registered by the migration: stored ones and the older files alike', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('file', new File([new Uint8Array(png)], 'p.png', { type: 'image/png' }));
    const stored = (
      (await (
        await t.app.request('/api/products/images', {
          method: 'POST',
          headers: admin.auth,
          body,
        })
      ).json()) as { url: string }
    ).url;
    // an image written by the version before the storage module, under its own folder
    const legacyBytes = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#00f' },
    })
      .webp()
      .toBuffer();
    const legacyName = `${sha256(legacyBytes)}.webp`;
    fs.mkdirSync(path.join(t.env.dataDir, 'product-images'), { recursive: true });
    fs.writeFileSync(path.join(t.env.dataDir, 'product-images', legacyName), legacyBytes);
    const legacy = `/api/products/images/${legacyName}`;

    // products as the earlier version kept them: the URLs, no registry
    const db = t.deps.database.db;
    await db.execute(
      sql`insert into products (name, slug, price, category, gender, images, published)
        values ('Old Tee', 'old-tee', 100, 'shirts', 'unisex',
          ${`{${stored},${legacy},https://elsewhere.example/x.png}`}::text[], true)`,
    );
    await db.execute(sql`delete from product_images`);
    expect((await t.call('GET', stored)).status).toBe(404);

    await db.execute(sql.raw(backFill()));
    const served = await t.call('GET', stored);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const old = await t.call('GET', legacy);
    expect(old.status).toBe(200);
    expect(Buffer.from(await old.arrayBuffer()).equals(legacyBytes)).toBe(true);
    // and the product can be saved again as it is
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`select id from products where slug = 'old-tee'`,
    );
    const saved = await t.call('POST', '/api/products/update', {
      token: admin.token,
      body: { id: row!.id, product: productInput({ name: 'Old Tee', images: [stored, legacy] }) },
    });
    expect(saved.status).toBe(200);
  });
});
