import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spreadsheetCells } from '../../tests/testing/spreadsheet-cells.ts';
import type { BankingSummary, TransactionPage } from '../contracts/banking.ts';
import type { InvoiceCurrency } from '../contracts/invoice-totals.ts';
import type { StoredInvoiceStatus } from '../contracts/invoice.ts';
import type { OrderStatus } from '../contracts/shop.ts';
import { invoices, orders } from '../db/schema/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let ada: Awaited<ReturnType<TestServer['createUser']>>;
let ben: Awaited<ReturnType<TestServer['createUser']>>;
let fresh: Awaited<ReturnType<TestServer['createUser']>>;

const now = new Date();
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
let invoiceNumber = 0;
let orderNumber = 0;

async function invoice(
  issuerId: string,
  patch: {
    status?: StoredInvoiceStatus;
    total: number;
    currency?: InvoiceCurrency;
    recipientName?: string;
    recipientUserId?: string;
    title?: string;
    paidAt?: Date;
  },
) {
  invoiceNumber += 1;
  await server.deps.database.db.insert(invoices).values({
    issuerId,
    number: invoiceNumber,
    status: patch.status ?? 'paid',
    recipientName: patch.recipientName ?? 'Northwind Studios',
    recipientUserId: patch.recipientUserId ?? null,
    issueDate: '2026-01-01',
    dueDate: '2026-02-01',
    currency: patch.currency ?? 'USD',
    items: [
      {
        id: 'a',
        title: patch.title ?? 'Video editing',
        description: '',
        quantity: 1,
        unitPrice: patch.total,
      },
      { id: 'b', title: 'Hosting', description: '', quantity: 1, unitPrice: 0 },
    ],
    itemCount: 2,
    subtotal: patch.total,
    tax: 0,
    total: patch.total,
    sentAt: patch.status === 'draft' ? null : daysAgo(3),
    paidAt: patch.status === 'paid' || !patch.status ? (patch.paidAt ?? daysAgo(2)) : null,
  });
}

async function order(
  userId: string,
  total: number,
  status: OrderStatus = 'paid',
  name = 'Clipdeck Logo Tee',
) {
  orderNumber += 1;
  await server.deps.database.db.insert(orders).values({
    number: orderNumber,
    userId,
    idempotencyKey: `k-${orderNumber}`,
    requestHash: 'h',
    status,
    lines: [
      {
        productId: 'p',
        name,
        slug: 'tee',
        coverUrl: '',
        colors: [],
        size: null,
        quantity: 1,
        unitPrice: total,
        lineTotal: total,
      },
    ],
    billing: {
      name: 'Ada',
      line1: '1 Road',
      line2: '',
      city: 'Lyon',
      postcode: '69002',
      region: '',
      country: 'FR',
      phone: '',
      isDefault: false,
    } as never,
    delivery: 'free',
    currency: 'USD',
    subtotal: total,
    discount: 0,
    shipping: 0,
    total,
    paymentBrand: 'visa',
    paymentLast4: '4242',
    history: [{ status, at: daysAgo(1).toISOString() }],
    createdAt: daysAgo(1),
  });
}

beforeAll(async () => {
  server = await createTestServer();
  ada = await server.createUser({ firstName: 'Ada', lastName: 'Issuer' });
  ben = await server.createUser({ firstName: 'Ben', lastName: 'Buyer' });
  fresh = await server.createUser();
  await invoice(ada.user.id, { total: 10_000 }); // INV-0001 income
  await invoice(ada.user.id, {
    total: 5_000,
    recipientName: 'Atelier Lumière',
    title: 'Clip subtitles',
  }); // INV-0002
  await invoice(ada.user.id, { total: 99_999, status: 'pending' }); // not money yet
  await invoice(ada.user.id, { total: 2_000, currency: 'EUR' }); // INV-0004 income in EUR
  await invoice(ben.user.id, {
    total: 3_000,
    recipientUserId: ada.user.id,
    recipientName: 'Ada Issuer',
  }); // INV-0005: Ada pays Ben
  await invoice(ada.user.id, {
    total: 7_00,
    recipientName: '=HYPERLINK("http://evil.example","click"), Inc.\nLine 2',
    title: 'Fees;=1+2',
  });
  await order(ada.user.id, 2_500);
  await order(ada.user.id, 1_000, 'cancelled');
  await order(ada.user.id, 4_000, 'refunded');
  await order(ben.user.id, 8_800, 'delivered', 'Studio Mug');
});
afterAll(() => server.close());

async function get<T>(url: string, token: string) {
  const res = await server.call('GET', url, { token });
  return { res, json: (await res.json()) as T };
}

describe('banking summary', () => {
  it('requires sign-in', async () => {
    expect((await server.call('GET', '/api/banking/summary')).status).toBe(401);
    expect((await server.call('GET', '/api/banking/transactions.csv')).status).toBe(401);
  });

  it('sums paid invoices as income and orders and paid bills as spending, per currency', async () => {
    const { json } = await get<BankingSummary>('/api/banking/summary', ada.token);
    expect(json.mainCurrency).toBe('USD');
    const usd = json.currencies.find((c) => c.currency === 'USD')!;
    expect(usd).toMatchObject({ income: 15_700, expense: 5_500, balance: 10_200, transactions: 5 });
    const eur = json.currencies.find((c) => c.currency === 'EUR')!;
    expect(eur).toMatchObject({ income: 2_000, expense: 0, balance: 2_000, transactions: 1 });
    expect(usd.monthly).toHaveLength(12);
    expect(usd.monthly.reduce((n, m) => n + m.income, 0)).toBe(15_700);
    expect(usd.monthly.reduce((n, m) => n + m.expense, 0)).toBe(5_500);
  });

  it("keeps each user's money apart", async () => {
    const { json } = await get<BankingSummary>('/api/banking/summary', ben.token);
    expect(json.currencies).toHaveLength(1);
    expect(json.currencies[0]).toMatchObject({ currency: 'USD', income: 3_000, expense: 8_800 });
    const list = await get<TransactionPage>('/api/banking/transactions?search=Tee', ben.token);
    expect(list.json.total).toBe(0);
  });

  it('answers an empty summary for a new user', async () => {
    const { json } = await get<BankingSummary>('/api/banking/summary', fresh.token);
    expect(json).toEqual({ mainCurrency: null, currencies: [] });
    const list = await get<TransactionPage>('/api/banking/transactions', fresh.token);
    expect(list.json).toMatchObject({ items: [], total: 0 });
  });
});

describe('banking transactions', () => {
  it('lists newest first with references, counterparties and descriptions', async () => {
    const { json } = await get<TransactionPage>('/api/banking/transactions', ada.token);
    expect(json.total).toBe(6);
    expect(json.items[0]).toMatchObject({
      kind: 'expense',
      source: 'order',
      reference: 'CD-000001',
      amount: 2_500,
      description: 'Clipdeck Logo Tee',
    });
    const bill = json.items.find((t) => t.reference === 'INV-0005')!;
    expect(bill).toMatchObject({ kind: 'expense', counterparty: 'Ben Buyer', moreLines: 1 });
  });

  it('searches reference, counterparty and description, with wildcards taken literally', async () => {
    const by = async (search: string) =>
      (
        await get<TransactionPage>(
          `/api/banking/transactions?search=${encodeURIComponent(search)}`,
          ada.token,
        )
      ).json;
    expect((await by('inv-0002')).items.map((t) => t.counterparty)).toEqual(['Atelier Lumière']);
    expect((await by('lumière')).total).toBe(1);
    expect((await by('subtitles')).total).toBe(1);
    expect((await by('%')).total).toBe(0);
    expect((await by('_')).total).toBe(0);
  });

  it('filters by date range, kind and currency, and pages', async () => {
    const from = encodeURIComponent(daysAgo(1.5).toISOString());
    const recent = await get<TransactionPage>(`/api/banking/transactions?from=${from}`, ada.token);
    expect(recent.json.items.map((t) => t.reference)).toEqual(['CD-000001']);
    const income = await get<TransactionPage>(
      '/api/banking/transactions?kind=income&currency=USD',
      ada.token,
    );
    expect(income.json.total).toBe(3);
    const page2 = await get<TransactionPage>(
      '/api/banking/transactions?pageSize=4&page=2',
      ada.token,
    );
    expect(page2.json).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.json.items).toHaveLength(2);
  });

  it('names bad query fields', async () => {
    const bad = await get<{ fields: Record<string, string> }>(
      '/api/banking/transactions?pageSize=1000&from=yesterday&kind=gift',
      ada.token,
    );
    expect(bad.res.status).toBe(400);
    expect(Object.keys(bad.json.fields).sort()).toEqual(['from', 'kind', 'pageSize']);
  });
});

describe('banking CSV export', () => {
  it('quotes every cell and defuses formulas, whatever separator the spreadsheet splits on', async () => {
    const res = await server.call('GET', '/api/banking/transactions.csv', { token: ada.token });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="clipdeck-transactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('"date","type","source","reference","counterparty","description","amount","currency"');
    expect(lines.at(-1)).toBe('');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click""), Inc.\nLine 2","Fees;=1+2 (+1)",`);
    expect(text).toContain(',"expense","order","CD-000001","Clipdeck shop","Clipdeck Logo Tee","25.00","USD"');
    expect(text).toContain(
      ',"income","invoice","INV-0002","Atelier Lumière","Clip subtitles (+1)","50.00","USD"',
    );
    for (const separator of [',', ';'] as const) {
      const rows = spreadsheetCells(text, separator);
      // a header and 6 rows: the line break inside a quoted field is not a row end
      expect(rows).toHaveLength(1 + 6);
      expect(rows.flat().filter((cell) => /^[=+\-@\t\r\n]/.test(cell))).toEqual([]);
    }
    const byComma = spreadsheetCells(text, ',');
    expect(byComma.find((row) => row[3] === 'INV-0006')?.[5]).toBe('Fees;=1+2 (+1)');
  });

  it("exports only what the filters keep, and only the caller's own", async () => {
    const res = await server.call('GET', '/api/banking/transactions.csv?kind=income&currency=EUR', {
      token: ada.token,
    });
    const rows = (await res.text()).trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(',"20.00","EUR"');
    const bens = await (
      await server.call('GET', '/api/banking/transactions.csv', { token: ben.token })
    ).text();
    expect(bens).not.toContain('Clipdeck Logo Tee');
    expect(bens).toContain('Studio Mug');
  });
});
