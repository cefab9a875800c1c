import { LANGUAGE_META, isLanguage } from '@/lib/i18n';

import type { MailPerson } from '../../../../server/contracts/mail';

export function personLabel(person: MailPerson) {
  return person.name || person.email;
}

function intl(language: string) {
  return isLanguage(language) ? LANGUAGE_META[language].intl : 'en-US';
}

const LIST_DATE_OPTIONS = {
  time: { hour: '2-digit', minute: '2-digit' },
  dayMonth: { day: 'numeric', month: 'short' },
  full: { day: 'numeric', month: 'short', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
// one formatter per language and kind: creating one costs far more than formatting a date
const listFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today: the time; this year: day and month; else the full date. */
export function formatMailDate(iso: string, language: string) {
  const date = new Date(iso);
  const now = new Date();
  const kind =
    date.toDateString() === now.toDateString()
      ? 'time'
      : date.getFullYear() === now.getFullYear()
        ? 'dayMonth'
        : 'full';
  const key = `${language}|${kind}`;
  let format = listFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intl(language), LIST_DATE_OPTIONS[kind]);
    listFormatters.set(key, format);
  }
  return format.format(date);
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
