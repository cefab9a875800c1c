import { LANGUAGE_META, isLanguage } from '@/lib/i18n';

import type { MailPerson } from '../../../../server/contracts/mail';

export function personLabel(person: MailPerson) {
  return person.name || person.email;
}

function intl(language: string) {
  return isLanguage(language) ? LANGUAGE_META[language].intl : 'en-US';
}

/** Today: the time; this year: day and month; else the full date. */
export function formatMailDate(iso: string, language: string) {
  const date = new Date(iso);
  const now = new Date();
  const sameDay = date.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: '2-digit', minute: '2-digit' }
    : date.getFullYear() === now.getFullYear()
      ? { day: 'numeric', month: 'short' }
      : { day: 'numeric', month: 'short', year: 'numeric' };
  return new Intl.DateTimeFormat(intl(language), options).format(date);
}

export function formatFullDate(iso: string, language: string) {
  return new Intl.DateTimeFormat(intl(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

export function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
