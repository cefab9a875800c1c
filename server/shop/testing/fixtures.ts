// Inputs and helpers the shop's API tests share: a valid product, address and order, and
// calls that create them through the API as an admin or a buyer.
import crypto from 'node:crypto';

import type { AddressInput, OrderInput, Product, ProductInput } from '../../contracts/shop.ts';
import type { TestServer } from '../../testing/test-server.ts';

/** A Luhn-valid test card (Visa). */
export const TEST_CARD = {
  holder: 'Dana Demo',
  number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
};

/** The URL of an image no one uploaded: a product may not be saved with it. */
export const fakeImageUrl = (seed: string = crypto.randomUUID()) =>
  `/api/products/images/${crypto.createHash('sha256').update(seed).digest('hex')}.png`;

/** A real PNG: a 2 × 2 square of one colour. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMwTptpnDaTAUIBAB/uBMm6iK1UAAAAAElFTkSuQmCC',
  'base64',
);

const uploadedImages = new WeakMap<object, Promise<string>>();

/** An image uploaded through the API once per test server (products are saved with it). */
export function productImage(server: TestServer, adminToken: string): Promise<string> {
  let url = uploadedImages.get(server);
  if (!url) {
    const body = new FormData();
    body.append('file', new File([new Uint8Array(TINY_PNG)], 'tee.png', { type: 'image/png' }));
    url = Promise.resolve(
      server.app.request('/api/products/images', {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}` },
        body,
      }),
    ).then(async (res) => {
      if (res.status !== 201) throw new Error(`upload image: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { url: string }).url;
    });
    uploadedImages.set(server, url);
  }
  return url;
}

export function productInput(overrides: Partial<ProductInput> = {}): ProductInput {
  const name = overrides.name ?? `Test Tee ${crypto.randomBytes(4).toString('hex')}`;
  return {
    name,
    description: '<p>A soft tee.</p>',
    images: [fakeImageUrl(name)],
    price: 2500,
    priceSale: null,
    currency: 'USD',
    colors: ['#000000'],
    sizes: ['M', 'L'],
    category: 'shirts',
    gender: 'unisex',
    tags: ['cotton'],
    stock: 20,
    published: true,
    ...overrides,
  };
}

export const address: AddressInput = {
  name: 'Dana Demo',
  phone: '+44 20 7946 0000',
  line1: '1 Clip Street',
  line2: '',
  city: 'London',
  region: '',
  postcode: 'N1 9GU',
  country: 'GB',
  type: 'home',
  isDefault: false,
};

export function orderInput(
  lines: { id: string; quantity: number }[],
  overrides: Partial<OrderInput> = {},
): OrderInput {
  return {
    lines: lines.map((l) => ({ ...l, colors: ['#000000'], size: 'M' })),
    billing: address,
    delivery: 'standard',
    discountCode: null,
    payment: TEST_CARD,
    ...overrides,
  };
}

export async function createProduct(
  server: TestServer,
  adminToken: string,
  overrides: Partial<ProductInput> = {},
): Promise<Product> {
  const images = overrides.images ?? [await productImage(server, adminToken)];
  const res = await server.call('POST', '/api/products/new', {
    token: adminToken,
    body: productInput({ images, ...overrides }),
  });
  if (res.status !== 201) throw new Error(`create product: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { product: Product }).product;
}

export function placeOrder(
  server: TestServer,
  token: string,
  body: unknown,
  key = crypto.randomUUID(),
) {
  return server.call('POST', '/api/orders', {
    token,
    body,
    headers: { 'Idempotency-Key': key },
  });
}
