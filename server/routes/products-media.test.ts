// Product images (PNG, JPEG and WebP by their bytes, cleaned of their metadata; a disguised
// file, another type or an oversized image refused naming `file`; served with its type, nosniff
// and a long cache) and reviews (signed in, one per user per product, the rating summary updated).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MAX_PRODUCT_IMAGE_BYTES, type Product, type Review } from '../contracts/shop.ts';
import { createProduct } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: string;
let user: string;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.createUser({ role: 'admin' })).token;
  user = (await server.createUser()).token;
});
afterAll(() => server.close());

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

const picture = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc6633' } });

function upload(bytes: number[] | Uint8Array, type: string, token = admin, name = 'image') {
  const body = new FormData();
  body.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return server.app.request('/api/products/images', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body,
  });
}

describe('POST /api/products/images', () => {
  it('stores PNG, JPEG and WebP and serves them with their type, nosniff and a long cache', async () => {
    for (const [bytes, type, ext, format] of [
      [await picture().png().toBuffer(), 'image/png', 'png', 'png'],
      [await picture().jpeg().toBuffer(), 'image/jpeg', 'jpg', 'jpeg'],
      [await picture().webp().toBuffer(), 'image/webp', 'webp', 'webp'],
    ] as const) {
      const res = await upload(bytes, type);
      expect(res.status, type).toBe(201);
      const { url } = (await res.json()) as { url: string };
      expect(url).toMatch(new RegExp(`^/api/products/images/[0-9a-f]{64}\\.${ext}$`));
      const served = await server.call('GET', url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toMatch(/max-age=31536000/);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 40, 30]);
    }
  });

  it('drops the EXIF of a photo (GPS location, owner) like every other image upload', async () => {
    const photo = await picture()
      .jpeg()
      .withExif({
        IFD0: { Artist: 'Dana Demo', Copyright: 'Dana Demo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { url } = (await (await upload(photo, 'image/jpeg')).json()) as { url: string };
    const served = Buffer.from(await (await server.call('GET', url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('Dana Demo'))).toBe(false);
  });

  it('refuses a disguised file (422), another type (415) and a large image (413), naming file', async () => {
    const html = [...Buffer.from('<html><script>alert(1)</script></html>')];
    const disguised = await upload(html, 'image/png');
    expect(disguised.status).toBe(422);
    expect(((await disguised.json()) as { fields: object }).fields).toHaveProperty('file');

    // PNG's first bytes, then nothing an image decoder can read
    const broken = await upload([...PNG, 1, 2, 3], 'image/png');
    expect(broken.status).toBe(422);
    expect(((await broken.json()) as { fields: object }).fields).toHaveProperty('file');

    const gif = await upload([...Buffer.from('GIF89a'), 0, 0], 'image/gif');
    expect(gif.status).toBe(415);
    expect(((await gif.json()) as { fields: object }).fields).toHaveProperty('file');

    const big = new Uint8Array(MAX_PRODUCT_IMAGE_BYTES + 1);
    big.set(PNG);
    const large = await upload(big, 'image/png');
    expect(large.status).toBe(413);
    expect(((await large.json()) as { fields: object }).fields).toHaveProperty('file');

    const missing = await server.app.request('/api/products/images', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: new FormData(),
    });
    expect(missing.status).toBe(400);
  });

  it('is for admins only, and unknown or malformed image names are 404', async () => {
    expect((await upload(await picture().png().toBuffer(), 'image/png', user)).status).toBe(403);
    expect((await server.call('GET', `/api/products/images/${'a'.repeat(64)}.png`)).status).toBe(
      404,
    );
    expect((await server.call('GET', '/api/products/images/..%2F..%2Fetc%2Fpasswd')).status).toBe(
      404,
    );
  });
});

describe('reviews', () => {
  it('one per user per product, newest first, the summary updated with one decimal', async () => {
    const product = await createProduct(server, admin);
    const path = `/api/products/reviews?name=${product.slug}`;
    const other = (await server.createUser({ firstName: 'Rita', lastName: 'Reviewer' })).token;

    expect((await server.call('POST', path, { body: { rating: 5, text: 'Great' } })).status).toBe(
      401,
    );
    const first = await server.call('POST', path, {
      token: user,
      body: { rating: 5, text: 'Great' },
    });
    expect(first.status).toBe(200);
    const second = await server.call('POST', path, {
      token: other,
      body: { rating: 4, text: 'Good' },
    });
    const answer = (await second.json()) as { review: Review; product: Product };
    expect(answer.review).toMatchObject({ rating: 4, text: 'Good', authorName: 'Rita Reviewer' });
    expect(answer.product).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 });

    // a second review by the same user replaces the first
    const replaced = await server.call('POST', path, {
      token: user,
      body: { rating: 2, text: 'Shrank in the wash' },
    });
    expect(((await replaced.json()) as { product: Product }).product).toMatchObject({
      ratingAverage: 3,
      ratingCount: 2,
    });
    const third = (await server.createUser()).token;
    const last = await server.call('POST', path, {
      token: third,
      body: { rating: 5, text: 'Yes' },
    });
    expect(((await last.json()) as { product: Product }).product).toMatchObject({
      ratingAverage: 3.7,
      ratingCount: 3,
    });

    const listed = await server.call('GET', path);
    const { reviews } = (await listed.json()) as { reviews: Review[] };
    expect(reviews.map((r) => r.text)).toEqual(['Yes', 'Shrank in the wash', 'Good']);

    const rated = await server.call('GET', '/api/products?rating=3.7');
    expect(((await rated.json()) as { products: Product[] }).products.map((p) => p.id)).toEqual([
      product.id,
    ]);
  });

  it('names a bad rating or text, and a draft has no public reviews', async () => {
    const product = await createProduct(server, admin);
    const bad = await server.call('POST', `/api/products/reviews?name=${product.slug}`, {
      token: user,
      body: { rating: 6, text: ' ' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields).sort()).toEqual([
      'rating',
      'text',
    ]);
    const draft = await createProduct(server, admin, { published: false });
    const path = `/api/products/reviews?name=${draft.slug}`;
    expect((await server.call('GET', path)).status).toBe(404);
    expect(
      (await server.call('POST', path, { token: user, body: { rating: 3, text: 'Hm' } })).status,
    ).toBe(404);
  });
});
