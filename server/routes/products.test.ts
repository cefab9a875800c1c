// The catalogue's calls: the list with its filters, sorts and pages, one product or 404, drafts
// only for admins, admin-only writes (401 signed out, 403 for a user), unique URL names, the
// description sanitised on write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Product, ProductList } from '../contracts/shop.ts';
import { createProduct, productInput } from '../shop/testing/fixtures.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let admin: string;
let user: string;
const made: Record<string, Product> = {};

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.createUser({ role: 'admin' })).token;
  user = (await server.createUser()).token;
  const specs = [
    {
      key: 'tee',
      name: 'Night Owl Tee',
      category: 'shirts',
      colors: ['#000000'],
      gender: 'men',
      price: 2500,
      priceSale: 1900,
    },
    {
      key: 'hoodie',
      name: 'Cutting Room Hoodie',
      category: 'hoodies',
      colors: ['#1E3A8A'],
      gender: 'unisex',
      price: 5500,
    },
    {
      key: 'mug',
      name: 'Director Mug',
      category: 'mugs',
      colors: ['#FFFFFF', '#000000'],
      gender: 'unisex',
      price: 1400,
    },
    {
      key: 'cap',
      name: 'Clapper Cap',
      category: 'caps',
      colors: ['#B91C1C'],
      gender: 'women',
      price: 2200,
    },
    {
      key: 'draft',
      name: 'Secret Poster',
      category: 'posters',
      colors: ['#FFFFFF'],
      gender: 'unisex',
      price: 900,
      published: false,
    },
  ] as const;
  for (const { key, ...spec } of specs) {
    made[key] = await createProduct(server, admin, { ...spec, colors: [...spec.colors] });
  }
});
afterAll(() => server.close());

async function list(query = '', token?: string) {
  const res = await server.call('GET', `/api/products${query}`, { token });
  return { status: res.status, json: (await res.json()) as ProductList & { fields?: object } };
}
const names = (l: ProductList) => l.products.map((p) => p.name);

describe('GET /api/products', () => {
  it('lists published products to anyone, signed out too, without paging fields', async () => {
    const { status, json } = await list();
    expect(status).toBe(200);
    expect(names(json).sort()).toEqual(
      ['Clapper Cap', 'Cutting Room Hoodie', 'Director Mug', 'Night Owl Tee'].sort(),
    );
    expect(json).not.toHaveProperty('total');
  });

  it('filters by category, colour and gender, repeated or comma-separated', async () => {
    expect(names((await list('?category=mugs&category=caps')).json).sort()).toEqual([
      'Clapper Cap',
      'Director Mug',
    ]);
    expect(names((await list('?category=mugs,caps')).json)).toHaveLength(2);
    expect(names((await list('?color=%23000000')).json).sort()).toEqual([
      'Director Mug',
      'Night Owl Tee',
    ]);
    expect(names((await list('?gender=women')).json)).toEqual(['Clapper Cap']);
    expect(names((await list('?q=owl')).json)).toEqual(['Night Owl Tee']);
  });

  it('filters by the price paid (the sale price when set) and sorts by it', async () => {
    // the tee costs 2500 but sells at 1900
    expect(names((await list('?priceMin=1800&priceMax=2000')).json)).toEqual(['Night Owl Tee']);
    expect(names((await list('?sort=priceAsc')).json)).toEqual([
      'Director Mug',
      'Night Owl Tee',
      'Clapper Cap',
      'Cutting Room Hoodie',
    ]);
    expect(names((await list('?sort=priceDesc')).json)[0]).toBe('Cutting Room Hoodie');
    expect(names((await list('?sort=newest')).json)[0]).toBe('Clapper Cap');
  });

  it('pages when asked: products, total, page, pageSize', async () => {
    const first = await list('?sort=priceAsc&page=1&pageSize=3');
    expect(first.json).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(names(first.json)).toEqual(['Director Mug', 'Night Owl Tee', 'Clapper Cap']);
    const second = await list('?sort=priceAsc&page=2&pageSize=3');
    expect(names(second.json)).toEqual(['Cutting Room Hoodie']);
  });

  it('refuses bad filters naming the field', async () => {
    const bad = await list('?category=spaceships&sort=random&pageSize=1000');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields ?? {})).toEqual(
      expect.arrayContaining(['category.0', 'sort', 'pageSize']),
    );
  });

  it('shows drafts only to an admin who asks with all=1', async () => {
    expect(names((await list('?all=1', user)).json)).not.toContain('Secret Poster');
    expect(names((await list('?all=1')).json)).not.toContain('Secret Poster');
    expect(names((await list('', admin)).json)).not.toContain('Secret Poster');
    expect(names((await list('?all=1', admin)).json)).toContain('Secret Poster');
  });
});

describe('the list and the product call', () => {
  it('give the same product, field for field (the list is serialised by the database)', async () => {
    const rated = await createProduct(server, admin, { name: 'Rated Print', category: 'prints' });
    for (const rating of [5, 4, 4]) {
      const { token } = await server.createUser();
      await server.call('POST', `/api/products/reviews?name=${rated.slug}`, {
        token,
        body: { rating, text: 'ok' },
      });
    }
    for (const product of [rated, made.tee!]) {
      const one = await server.call('GET', `/api/products/product?name=${product.slug}`);
      const fromOne = ((await one.json()) as { product: Product }).product;
      const listed = (await list('?q=' + encodeURIComponent(product.name))).json.products;
      expect(listed).toEqual([fromOne]);
    }
    expect((await list('?q=rated')).json.products[0]).toMatchObject({
      ratingAverage: 4.3,
      ratingCount: 3,
    });
    const res = await server.call('GET', '/api/products');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    await server.call('POST', '/api/products/delete', { token: admin, body: { ids: [rated.id] } });
  });
});

describe('GET /api/products/product', () => {
  it('answers the product by its URL name, or 404', async () => {
    const res = await server.call('GET', `/api/products/product?name=${made.tee!.slug}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { product: Product }).product).toMatchObject({
      name: 'Night Owl Tee',
      slug: 'night-owl-tee',
      price: 2500,
      priceSale: 1900,
      ratingAverage: 0,
      ratingCount: 0,
    });
    const missing = await server.call('GET', '/api/products/product?name=no-such-thing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty('error');
    expect((await server.call('GET', '/api/products/product')).status).toBe(400);
  });

  it('hides a draft from users and signed-out callers, shows it to admins', async () => {
    const path = `/api/products/product?name=${made.draft!.slug}`;
    expect((await server.call('GET', path)).status).toBe(404);
    expect((await server.call('GET', path, { token: user })).status).toBe(404);
    expect((await server.call('GET', path, { token: admin })).status).toBe(200);
  });
});

describe('admin writes', () => {
  it('are refused to a signed-out caller (401) and a user (403)', async () => {
    const calls: [string, unknown][] = [
      ['/api/products/new', productInput()],
      ['/api/products/update', { id: made.mug!.id, product: productInput() }],
      ['/api/products/delete', { ids: [made.mug!.id] }],
      ['/api/products/publish', { ids: [made.mug!.id], published: false }],
    ];
    for (const [path, body] of calls) {
      expect((await server.call('POST', path, { body })).status, path).toBe(401);
      const res = await server.call('POST', path, { token: user, body });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toHaveProperty('error');
    }
    expect((await list()).json.products).toHaveLength(4);
  });

  it('creates with a slug from the name, refuses a taken slug with 409 naming it', async () => {
    const product = await createProduct(server, admin, { name: 'Crème Brûlée Print' });
    expect(product.slug).toBe('creme-brulee-print');
    const again = await server.call('POST', '/api/products/new', {
      token: admin,
      body: productInput({ name: 'Crème brûlée print!', images: product.images }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { fields: object }).fields).toHaveProperty('slug');
  });

  it('sanitises the description on write and names invalid fields', async () => {
    const product = await createProduct(server, admin, {
      description:
        '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:bad()">x</a></p>',
    });
    expect(product.description).not.toMatch(/script|onclick|javascript/);
    expect(product.description).toContain('<p>Hi');
    const bad = await server.call('POST', '/api/products/new', {
      token: admin,
      body: productInput({ price: 1000, priceSale: 1200, images: ['https://evil.example/x.png'] }),
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { fields: object }).fields;
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['priceSale']));
    const foreign = await server.call('POST', '/api/products/new', {
      token: admin,
      body: productInput({ images: ['https://evil.example/x.png'] }),
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { fields: object }).fields).toHaveProperty('images.0');
  });

  it('updates, publishes and deletes', async () => {
    const product = await createProduct(server, admin, {
      name: 'Temporary Tote',
      published: false,
    });
    const upd = await server.call('POST', '/api/products/update', {
      token: admin,
      body: {
        id: product.id,
        product: productInput({
          name: 'Temporary Tote',
          price: 3100,
          published: false,
          images: product.images,
        }),
      },
    });
    expect(((await upd.json()) as { product: Product }).product.price).toBe(3100);
    const pub = await server.call('POST', '/api/products/publish', {
      token: admin,
      body: { ids: [product.id], published: true },
    });
    expect(((await pub.json()) as { products: Product[] }).products[0]!.published).toBe(true);
    expect(names((await list('?q=tote')).json)).toEqual(['Temporary Tote']);
    const del = await server.call('POST', '/api/products/delete', {
      token: admin,
      body: { ids: [product.id] },
    });
    expect(await del.json()).toEqual({ deleted: [product.id] });
    expect(names((await list('?q=tote')).json)).toEqual([]);
    const gone = await server.call('POST', '/api/products/update', {
      token: admin,
      body: { id: product.id, product: productInput({ images: product.images }) },
    });
    expect(gone.status).toBe(404);
  });
});
