// Money on screen: integer cents in, the UI language's currency format out; and the admin
// form's currency units ↔ cents (rounded to the cent, never a float sent to the server).
import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

import type { Currency } from '../../../../server/contracts/shop';

export const intlLocale = (language: string) =>
  isLanguage(language) ? LANGUAGE_META[language].intl : language;

export function formatMoney(cents: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(
    cents / 100,
  );
}

/** 12.5 → 1250; '' or not a number → null */
export function toCents(units: number | string | null | undefined): number | null {
  if (units === '' || units === null || units === undefined) return null;
  const value = typeof units === 'number' ? units : Number(units);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
}

export const toUnits = (cents: number | null) => (cents === null ? '' : cents / 100);
