// Money, dates and rates on the invoice pages, in the UI language: the contract's own money
// formatter (the one the PDF uses), so page and paper print the same string. Each formatter is
// made once per language and reused: making one costs far more than formatting with it, and a
// list page formats two dates per row.
import { useTranslation } from 'react-i18next';

import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

import type { InvoiceCurrency, InvoiceLanguage } from '../../../../server/contracts/invoice';
import { formatInvoiceMoney, formatQuantity } from '../../../../server/contracts/invoice-totals';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const rateFormats = new Map<string, Intl.NumberFormat>();

function once<T>(cache: Map<string, T>, intl: string, make: () => T): T {
  let found = cache.get(intl);
  if (!found) cache.set(intl, (found = make()));
  return found;
}

export function useInvoiceFormat() {
  const { i18n } = useTranslation();
  const language: InvoiceLanguage = isLanguage(i18n.language) ? i18n.language : 'en';
  const intl = LANGUAGE_META[language].intl;
  return {
    language,
    money: (amount: number, currency: InvoiceCurrency) =>
      formatInvoiceMoney(amount, currency, intl),
    quantity: (q: number) => formatQuantity(q, intl),
    day: (day: string) =>
      once(
        dayFormats,
        intl,
        () => new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone: 'UTC' }),
      ).format(new Date(`${day.slice(0, 10)}T00:00:00Z`)),
    rate: (percent: number) =>
      once(
        rateFormats,
        intl,
        () => new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 }),
      ).format(percent / 100),
  };
}
