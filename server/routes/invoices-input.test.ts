// Invoice input the database cannot take is refused as bad input naming the field, never a
// 500: dates that do not exist, text with U+0000, ids that only look like UUIDs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Invoice, InvoiceFormValues } from '../contracts/invoice.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let alice: Awaited<ReturnType<TestServer['createUser']>>;
let bob: Awaited<ReturnType<TestServer['createUser']>>;

beforeAll(async () => {
  server = await createTestServer();
  alice = await server.createUser({ firstName: 'Alice', lastName: 'Issuer' });
  bob = await server.createUser({ firstName: 'Bob', lastName: 'Payer' });
});
afterAll(() => server.close());

const body = (overrides: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  recipient: { kind: 'user', userId: bob.user.id, address: '1 Main St' },
  issueDate: '2026-01-10',
  dueDate: '2099-02-10',
  currency: 'USD',
  items: [{ id: 'a', title: 'Design', description: '', quantity: 1, unitPrice: 12050 }],
  notes: '',
  ...overrides,
});

const post = (value: unknown) =>
  server.call('POST', '/api/invoices', { token: alice.token, body: value });
const fieldsOf = async (res: Response) =>
  ((await res.json()) as { fields?: Record<string, string> }).fields ?? {};

describe('invoice input the database cannot store', () => {
  it('refuses dates that do not exist, naming the field', async () => {
    for (const [field, value] of [
      ['issueDate', '2026-02-30'],
      ['issueDate', '2026-04-31'],
      ['dueDate', '0000-01-01'],
    ] as const) {
      const res = await post(body({ [field]: value }));
      expect(res.status, `${field} ${value}`).toBe(400);
      expect(Object.keys(await fieldsOf(res))).toContain(field);
    }
    const leap = await post(body({ issueDate: '2028-02-29', dueDate: '2028-03-01' }));
    expect(leap.status).toBe(201);
    const list = await server.call('GET', '/api/invoices?from=2026-02-30', { token: alice.token });
    expect(list.status).toBe(400);
    expect(Object.keys(await fieldsOf(list))).toContain('from');
  });

  it('refuses U+0000 in every text, naming the field', async () => {
    const nul = 'a\u0000b';
    const cases: [Partial<InvoiceFormValues>, string][] = [
      [{ notes: nul }, 'notes'],
      [{ issuerAddress: nul }, 'issuerAddress'],
      [{ items: [{ id: 'a', title: nul, quantity: 1, unitPrice: 1 }] }, 'items.0.title'],
      [
        { items: [{ id: 'a', title: 't', description: nul, quantity: 1, unitPrice: 1 }] },
        'items.0.description',
      ],
      [{ items: [{ id: nul, title: 't', quantity: 1, unitPrice: 1 }] }, 'items.0.id'],
      [{ recipient: { kind: 'external', name: nul, email: 'x@example.com' } }, 'recipient.name'],
      [{ recipient: { kind: 'user', userId: bob.user.id, address: nul } }, 'recipient.address'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post(body(overrides));
      expect(res.status, field).toBe(400);
      expect(Object.keys(await fieldsOf(res)), field).toContain(field);
    }
    const search = await server.call('GET', '/api/invoices?q=a%00b', { token: alice.token });
    expect(search.status).toBe(400);
    const created = (await (await post(body())).json()) as { invoice: Invoice };
    const send = await server.call('POST', `/api/invoices/${created.invoice.id}/send`, {
      token: alice.token,
      body: { message: nul },
    });
    expect(send.status).toBe(400);
    expect(Object.keys(await fieldsOf(send))).toContain('message');
  });

  it('answers 404 to an id that only looks like a UUID', async () => {
    for (const id of [
      '-'.repeat(36),
      'f'.repeat(36),
      `${'0'.repeat(8)}-0000-0000-0000-00000000000g`,
    ]) {
      for (const path of [`/api/invoices/${id}`, `/api/invoices/${id}/pdf`]) {
        const res = await server.call('GET', path, { token: alice.token });
        expect(res.status, path).toBe(404);
      }
    }
  });

  it('refuses amounts too large to total, naming the field, never a 500', async () => {
    // found by the API fuzz run: a unit price near Number.MAX_VALUE made the total's
    // multiplication overflow inside the schema's own check, and the call answered 500
    for (const [patch, field] of [
      [
        { items: [{ id: 'a', title: 'x', quantity: 12313.4, unitPrice: Number.MAX_VALUE }] },
        'items.0.unitPrice',
      ],
      [
        { items: [{ id: 'a', title: 'x', quantity: Number.MAX_VALUE, unitPrice: 100 }] },
        'items.0.quantity',
      ],
      [{ discount: Number.MAX_VALUE }, 'discount'],
      [{ shipping: Number.MAX_VALUE }, 'shipping'],
      [{ taxRate: Number.MAX_VALUE }, 'taxRate'],
    ] as const) {
      const res = await post(body(patch as Partial<InvoiceFormValues>));
      expect(res.status, field).toBe(400);
      expect(await fieldsOf(res), field).toHaveProperty([field]);
    }
  });
});
