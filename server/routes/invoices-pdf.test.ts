// GET /api/invoices/{id}/pdf renders on demand, and a render is seconds of CPU for a long
// invoice: an unchanged PDF is answered 304 from its ETag without rendering, and renders are
// limited per user (429 with Retry-After), while other users are not held back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Invoice } from '../contracts/invoice.ts';
import { INVOICE_PDF_LIMIT, pdfLimitKey } from '../invoices/pdf-download.ts';
import { hitLimit } from '../lib/rate-limit.ts';
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

async function create(token: string, notes = '') {
  const res = await server.call('POST', '/api/invoices', {
    token,
    body: {
      recipient: { kind: 'external', name: 'Acme', email: 'billing@acme.test' },
      issueDate: '2026-01-10',
      dueDate: '2099-02-10',
      currency: 'USD',
      items: [{ id: 'a', title: 'Design', quantity: 1, unitPrice: 12050 }],
      notes,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { invoice: Invoice }).invoice;
}

const pdf = (token: string, id: string, headers: Record<string, string> = {}, lang = 'en') =>
  server.call('GET', `/api/invoices/${id}/pdf?lang=${lang}`, { token, headers });

describe('GET /api/invoices/{id}/pdf', () => {
  it('answers 304 to an unchanged PDF, and a new one after an edit or in another language', async () => {
    const invoice = await create(alice.token);
    const first = await pdf(alice.token, invoice.id);
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');

    const again = await pdf(alice.token, invoice.id, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);

    const french = await pdf(alice.token, invoice.id, { 'If-None-Match': etag! }, 'fr');
    expect(french.status).toBe(200);
    expect(french.headers.get('ETag')).not.toBe(etag);

    const edit = await server.call('PUT', `/api/invoices/${invoice.id}`, {
      token: alice.token,
      body: {
        recipient: { kind: 'external', name: 'Acme Ltd', email: 'billing@acme.test' },
        issueDate: '2026-01-10',
        dueDate: '2099-02-10',
        currency: 'USD',
        items: [{ id: 'a', title: 'Design', quantity: 2, unitPrice: 12050 }],
      },
    });
    expect(edit.status).toBe(200);
    const edited = await pdf(alice.token, invoice.id, { 'If-None-Match': etag! });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('ETag')).not.toBe(etag);
  });

  it('limits renders per user with 429 and Retry-After; a 304 and other users still answer', async () => {
    const invoice = await create(alice.token);
    const first = await pdf(alice.token, invoice.id);
    const etag = first.headers.get('ETag')!;
    const db = server.deps.database.db;
    const { perWindow, windowSeconds } = INVOICE_PDF_LIMIT;
    for (let i = 0; i < perWindow; i += 1)
      await hitLimit(db, pdfLimitKey(alice.user.id), perWindow, windowSeconds);

    const limited = await pdf(alice.token, invoice.id, {}, 'ar');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await pdf(alice.token, invoice.id, { 'If-None-Match': etag })).status).toBe(304);

    const own = await create(bob.token);
    expect((await pdf(bob.token, own.id)).status).toBe(200);
  });
});
