import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { changeLanguage, initI18n } from '@/lib/i18n';

import { useInvoiceFormat } from './use-invoice-format';

const { DateTimeFormat } = Intl;
let made = 0;
/** Counts the date formatters made. */
class CountedDateTimeFormat extends DateTimeFormat {
  constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
    super(...args);
    made++;
  }
}

afterEach(() => {
  Intl.DateTimeFormat = DateTimeFormat;
});

describe('useInvoiceFormat', () => {
  it('formats a page of dates in the language with one formatter', async () => {
    await initI18n('fr');
    made = 0;
    Intl.DateTimeFormat = CountedDateTimeFormat as typeof DateTimeFormat;
    const { result } = renderHook(() => useInvoiceFormat());
    const days = Array.from({ length: 20 }, () => result.current.day('2026-03-05'));
    expect(new Set(days)).toEqual(new Set(['5 mars 2026']));
    expect(made).toBeLessThanOrEqual(1);
    await changeLanguage('en');
    expect(renderHook(() => useInvoiceFormat()).result.current.day('2026-03-05')).toBe(
      'Mar 5, 2026',
    );
  });
});
