// The PDF and the mail take their words from the app's invoice texts: every word they use
// exists in every language's own file (an English fallback would put English on a French PDF).
import { describe, expect, it } from 'vitest';

import { INVOICE_LANGUAGES } from '../contracts/invoice.ts';
import { hasAppString } from '../lib/app-strings.ts';
import { invoiceText, WORDS } from './strings.ts';

describe('invoice words', () => {
  it('exist in every language', () => {
    const missing = INVOICE_LANGUAGES.flatMap((language) =>
      Object.values(WORDS)
        .filter((key) => !hasAppString(language, 'invoice', key))
        .map((key) => `${language}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('are the app page’s words, placeholders filled in', () => {
    expect(invoiceText('en')('title')).toBe('Invoice');
    expect(invoiceText('fr')('paidOn', { date: '3 mai' })).toBe('Payée le 3 mai');
    expect(invoiceText('en')('page', { page: 2, pages: 3 })).toBe('Page 2 of 3');
    expect(invoiceText('ar')('status.overdue')).not.toBe('status.overdue');
  });
});
