// Inputs and helpers the shop's API tests share: a valid product, address and order, and
// calls that create them through the API as an admin or a buyer.
import crypto from 'node:crypto';

import type { AddressInput, OrderInput, Product, ProductInput } from '../contracts/shop.ts';
import type { TestServer } from '../test-utils.ts';

/** A Luhn-valid test card (Visa). */
export const TEST_CARD = {
  holder: 'Dana Demo',
  number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
};

export const fakeImageUrl = (seed: string = crypto.randomUUID()) =>
  `/api/products/images/${crypto.createHash('sha256').update(seed).digest('hex')}.png`;

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
  const res = await server.call('POST', '/api/products/new', {
    token: adminToken,
    body: productInput(overrides),
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
