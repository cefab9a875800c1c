import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

/** The Intl locale of an app language ('vn' → 'vi-VN'). */
export function intlLocale(language: string): string {
  return isLanguage(language) ? LANGUAGE_META[language].intl : language;
}

export const formatDate = (language: string, iso: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(new Date(iso));

export const formatCount = (language: string, value: number) =>
  new Intl.NumberFormat(intlLocale(language)).format(value);
