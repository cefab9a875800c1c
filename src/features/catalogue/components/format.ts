import { LANGUAGE_META, currentLanguage, formatDate } from '@/lib/i18n';

/** A running time or clip length as the user's language writes it: 1:02:05, 4:07, 0:12. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const nf = new Intl.NumberFormat(LANGUAGE_META[currentLanguage()].intl, {
    minimumIntegerDigits: 2,
    useGrouping: false,
  });
  const first = new Intl.NumberFormat(LANGUAGE_META[currentLanguage()].intl, {
    useGrouping: false,
  });
  return h > 0
    ? `${first.format(h)}:${nf.format(m)}:${nf.format(sec)}`
    : `${first.format(m)}:${nf.format(sec)}`;
}

/** A length in words for screen readers and chips: "2 min 5 s" (Intl unit names). */
export function formatLength(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const locale = LANGUAGE_META[currentLanguage()].intl;
  const unit = (value: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts: string[] = [];
  if (h) parts.push(unit(h, 'hour'));
  if (m) parts.push(unit(m, 'minute'));
  if (sec || parts.length === 0) parts.push(unit(sec, 'second'));
  return parts.join(' ');
}

/** A premiere date (YYYY-MM-DD) in the user's language, without a time-zone shift. */
export function formatPremiere(day: string): string {
  return formatDate(`${day}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
}
