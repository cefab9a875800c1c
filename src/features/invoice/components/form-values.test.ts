import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { INVOICE_CURRENCIES } from '../../../../server/contracts/invoice';
import { currencyExponent, invoiceTotals } from '../../../../server/contracts/invoice-totals';
import { emptyInvoiceForm, liveTotals, validateInvoiceForm, type InvoiceFormValues } from './form-values';

/** What a person types: major units with the currency's decimals, as numbers or strings. */
const typed = fc.constantFrom(...INVOICE_CURRENCIES).chain((currency) => {
  const scale = 10 ** currencyExponent(currency);
  const major = (max: number) => fc.integer({ min: 0, max }).map((n) => n / scale);
  return fc.record({
    currency: fc.constant(currency),
    items: fc.array(
      fc.record({
        id: fc.uuid(),
        title: fc.constant('Line'),
        description: fc.constant(''),
        quantity: fc.integer({ min: 1, max: 5_000 }).map((n) => n / 100),
        unitPrice: major(2_000_000).map((n) => String(n)),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    shipping: major(50_000),
    taxRate: fc.integer({ min: 0, max: 3000 }).map((n) => n / 100),
  });
});

describe('invoice form values', () => {
  it('show live the totals the server will compute from the sent input', () => {
    fc.assert(
      fc.property(typed, (picked) => {
        const values: InvoiceFormValues = {
          ...emptyInvoiceForm(new Date('2026-01-01T00:00:00Z')),
          recipientKind: 'external',
          recipientName: 'Client',
          recipientEmail: 'client@example.com',
          ...picked,
        };
        const checked = validateInvoiceForm(values);
        expect(checked.errors).toBeUndefined();
        expect(liveTotals(values)).toEqual(invoiceTotals(checked.input!));
      }),
      { numRuns: 300 },
    );
  });

  it('converts typed money to minor units without float drift', () => {
    const values: InvoiceFormValues = {
      ...emptyInvoiceForm(),
      recipientKind: 'external',
      recipientName: 'Client',
      recipientEmail: 'client@example.com',
      items: [{ id: 'a', title: 'x', description: '', quantity: 3, unitPrice: '0.1' }],
      shipping: 0.2,
    };
    const { input } = validateInvoiceForm(values);
    expect(input?.items[0]?.unitPrice).toBe(10);
    expect(input?.shipping).toBe(20);
    expect(liveTotals(values).total).toBe(50);
  });
});
