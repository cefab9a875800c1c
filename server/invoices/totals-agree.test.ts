// Invoice money, property-based: the one totals function matches an independent integer
// oracle of the documented rounding rule, and for random invoices the API's stored figures,
// the PDF's printed strings and the page's formatter (the same contract calls the pages make)
// agree to the minor unit.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  currencyExponent,
  formatInvoiceMoney,
  INVOICE_CURRENCIES,
  invoiceTotals,
} from '../contracts/invoice-totals.ts';
import { MAX_MONEY, type Invoice, type InvoiceInput } from '../contracts/invoice.ts';
import { LANGUAGE_META } from '../contracts/languages.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { renderInvoicePdf } from './pdf/render.ts';

/** round(n / d) half away from zero, for n ≥ 0 */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

function oracle(input: Pick<InvoiceInput, 'items' | 'discount' | 'shipping' | 'taxRate'>) {
  const lines = input.items.map((i) =>
    divRound(BigInt(Math.round(i.quantity * 100)) * BigInt(i.unitPrice), 100n),
  );
  const subtotal = lines.reduce((a, b) => a + b, 0n);
  const discount = BigInt(input.discount) > subtotal ? subtotal : BigInt(input.discount);
  const tax = divRound((subtotal - discount) * BigInt(Math.round(input.taxRate * 100)), 10_000n);
  const total = subtotal - discount + BigInt(input.shipping) + tax;
  return { lines: lines.map(Number), subtotal: Number(subtotal), discount: Number(discount), tax: Number(tax), total: Number(total) };
}

const item = fc.record({
  id: fc.uuid(),
  title: fc.constantFrom('Design', 'Hosting', 'Édition vidéo', '视频剪辑', 'تصميم'),
  description: fc.constant(''),
  quantity: fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100),
  unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
});

const invoiceInput = fc
  .record({
    currency: fc.constantFrom(...INVOICE_CURRENCIES),
    items: fc.array(item, { minLength: 1, maxLength: 8 }),
    discountShare: fc.integer({ min: 0, max: 100 }),
    shipping: fc.integer({ min: 0, max: 100_000 }),
    taxRate: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
  })
  .map(({ discountShare, ...rest }) => {
    const subtotal = invoiceTotals({ ...rest, discount: 0, shipping: 0, taxRate: 0 }).subtotal;
    return { ...rest, discount: Math.floor((subtotal * discountShare) / 100) };
  });
const acceptedInput = invoiceInput.filter((input) => {
  const totals = invoiceTotals(input);
  return totals.subtotal <= MAX_MONEY && totals.total <= MAX_MONEY;
});

describe('invoice totals', () => {
  it('follow the documented rounding rule exactly (integer oracle)', () => {
    fc.assert(
      fc.property(invoiceInput, (input) => {
        const totals = invoiceTotals(input);
        expect(totals).toEqual({ ...oracle(input), shipping: input.shipping });
        expect(totals.total).toBe(totals.subtotal - totals.discount + totals.shipping + totals.tax);
      }),
      { numRuns: 500 },
    );
  });

  it('never lets the discount exceed the subtotal', () => {
    fc.assert(
      fc.property(invoiceInput, fc.integer({ min: 0, max: 10 ** 9 }), (input, discount) => {
        const totals = invoiceTotals({ ...input, discount });
        expect(totals.discount).toBeLessThanOrEqual(totals.subtotal);
        expect(totals.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('formats every currency with its own minor unit', () => {
    expect(currencyExponent('VND')).toBe(0);
    expect(formatInvoiceMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatInvoiceMoney(123456, 'VND', 'en-US')).toBe('₫123,456');
    expect(formatInvoiceMoney(123456, 'EUR', 'fr-FR')).toBe('1\u202f234,56\u00a0€');
  });
});

describe('page, API and PDF agree', () => {
  let server: TestServer;
  let issuer: Awaited<ReturnType<TestServer['createUser']>>;
  beforeAll(async () => {
    server = await createTestServer();
    issuer = await server.createUser({ firstName: 'Pat', lastName: 'Property' });
  });
  afterAll(() => server.close());

  it('to the minor unit for random invoices', async () => {
    await fc.assert(
      fc.asyncProperty(acceptedInput, fc.constantFrom('en', 'fr', 'cn'), async (money, language) => {
        const input: InvoiceInput = {
          ...money,
          recipient: { kind: 'external', name: 'Client', email: 'client@example.com', address: '' },
          issuerAddress: '',
          issueDate: '2026-01-01',
          dueDate: '2026-02-01',
          notes: '',
        };
        const res = await server.call('POST', '/api/invoices', { token: issuer.token, body: input });
        expect(res.status).toBe(201);
        const { invoice } = (await res.json()) as { invoice: Invoice };
        const page = invoiceTotals(input);
        expect({ subtotal: invoice.subtotal, discount: invoice.discount, tax: invoice.tax, total: invoice.total }).toEqual({
          subtotal: page.subtotal,
          discount: page.discount,
          tax: page.tax,
          total: page.total,
        });
        const intl = LANGUAGE_META[language].intl;
        const { lines } = await renderInvoicePdf(invoice, language);
        for (const amount of [page.subtotal, page.discount, page.shipping, page.tax, page.total, ...page.lines])
          expect(lines).toContain(formatInvoiceMoney(amount, invoice.currency, intl));
      }),
      { numRuns: 8 },
    );
  }, 240_000);

  it('refuses a total past the limit as bad input, not a server error', async () => {
    const res = await server.call('POST', '/api/invoices', {
      token: issuer.token,
      body: {
        recipient: { kind: 'external', name: 'Client', email: 'client@example.com' },
        issueDate: '2026-01-01',
        dueDate: '2026-02-01',
        currency: 'USD',
        items: [{ id: 'a', title: 'Big', quantity: 1000, unitPrice: MAX_MONEY }],
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.items).toMatch(/too large/);
  });
});
