import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

export const intlLocale = (language: string) =>
  isLanguage(language) ? LANGUAGE_META[language].intl : language;

/** Minor units → "$1,234.50" in the UI language, with the currency's own decimals (0 for VND). */
export function formatMoney(amount: number, currency: string, language: string) {
  const format = new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** "Mar 26" for a "YYYY-MM" month. */
export const formatMonth = (month: string, language: string) =>
  new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
