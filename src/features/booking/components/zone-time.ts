// Times of the booking pages in a chosen IANA zone, with Intl only: slots travel as UTC
// instants, a visitor sees them on the days and at the hours of their own zone (or one they
// pick), the host's figures in the host's zone.
import { isLanguage, LANGUAGE_META } from '@/lib/i18n';

export const intlLocale = (language: string) =>
  isLanguage(language) ? LANGUAGE_META[language].intl : language;

/** The browser's zone (UTC where it cannot say). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, the given ones first if missing (old browsers list none). */
export function zoneList(...extra: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...extra, ...known])].sort((a, b) => a.localeCompare(b));
}

const keyFormats = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD" of an instant in a zone. */
export function dayKey(iso: string | Date, zone: string): string {
  let format = keyFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    keyFormats.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The UTC span to ask the server for so that every day of a month, in any zone, is covered. */
export function monthSpan(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const day = 86_400_000;
  return {
    from: new Date(Date.UTC(y, m - 1, 1) - day).toISOString(),
    to: new Date(Date.UTC(y, m, 1) + day).toISOString(),
  };
}

export const monthOf = (day: string) => day.slice(0, 7);

export function formatTime(iso: string, zone: string, language: string) {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeStyle: 'short',
    timeZone: zone,
  }).format(new Date(iso));
}

/** A day key as a long date ("Monday 4 May 2026"). */
export function formatDay(day: string, language: string, style: 'full' | 'medium' = 'full') {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: style,
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** "Monday 4 May 2026, 09:30 – 10:00" in a zone. */
export function formatMeeting(start: string, end: string, zone: string, language: string) {
  const locale = intlLocale(language);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: zone }).format(
    new Date(start),
  );
  return `${day}, ${formatTime(start, zone, language)} – ${formatTime(end, zone, language)}`;
}

/** "GMT+1"-style short name of a zone at an instant, for labels. */
export function zoneLabel(zone: string, language: string, at = new Date()) {
  const part = new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return `${zone.replace(/_/g, ' ')} (${part?.value ?? zone})`;
}
